import History from '@mui/icons-material/HistoryOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, AUDIT_OBJECT_TYPES, type AuditAction, type AuditEntry } from '@weft/core'
import { useDeferredValue, useState } from 'react'
import { auditLogCsvUrl, listAuditLog } from '../../api/auditLog'
import SearchField from '../flows/SearchField'
import ActivityResults from '../login-activity/ActivityResults'
import {
  AgentText,
  DateRangeFields,
  EmailText,
  ExportCsvButton,
  fromTablet,
  phoneOnly,
  whenText,
  type DateRange,
} from '../login-activity/activityParts'

export const AUDIT_LOG_KEY = 'audit-log'

type ChipColor = 'default' | 'success' | 'error' | 'warning' | 'info' | 'primary'
const ACTION_COLORS: Record<AuditAction, ChipColor> = {
  create: 'success',
  update: 'info',
  delete: 'error',
  share: 'primary',
  export: 'warning',
  import: 'warning',
  invite: 'primary',
}

const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function ActionChip({ action }: { action: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ACTION_COLORS[action as AuditAction] ?? 'default'}
      label={actionLabel(action)}
      sx={{ fontWeight: 600 }}
    />
  )
}

/** "Flow “Support bot”", or the type and id when the name is unknown. */
function ObjectText({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <Typography variant="body2">
        {capital(entry.objectType)}
        {entry.objectName ? ` “${entry.objectName}”` : ''}
      </Typography>
      {entry.objectId && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', display: { xs: 'none', sm: 'block' } }}
        >
          {entry.objectId}
        </Typography>
      )}
    </>
  )
}

function AuditTable({ rows }: { rows: AuditEntry[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Audit log">
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...fromTablet, whiteSpace: 'nowrap' }}>Time</TableCell>
            <TableCell>Who</TableCell>
            <TableCell sx={fromTablet}>Action</TableCell>
            <TableCell>Object</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Workspace</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Address</TableCell>
            <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>User agent</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((entry) => (
            <TableRow key={entry.id} hover sx={{ verticalAlign: 'top' }}>
              <TableCell
                sx={{ ...fromTablet, whiteSpace: 'nowrap', color: 'text.secondary' }}
                title={entry.createdDate}
              >
                {whenText(entry.createdDate)}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'break-word', wordBreak: 'break-word' }}>
                {/* On phones the action and the time go under the person. */}
                <Box sx={{ ...phoneOnly, mb: 0.5 }}>
                  <ActionChip action={entry.action} />
                </Box>
                <Typography variant="body2">{entry.actorName}</Typography>
                {entry.actorEmail && entry.actorEmail !== entry.actorName && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    <EmailText email={entry.actorEmail} />
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary" sx={phoneOnly}>
                  {whenText(entry.createdDate)} · {entry.ip ?? '—'}
                </Typography>
              </TableCell>
              <TableCell sx={fromTablet}>
                <ActionChip action={entry.action} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <ObjectText entry={entry} />
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{entry.workspaceName ?? '—'}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, fontFamily: 'monospace', fontSize: 13 }}>
                {entry.ip ?? '—'}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>
                <AgentText agent={entry.userAgent} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

/** The Audit log tab of /logs: who created, changed, deleted, shared, exported or imported what. */
export default function AuditLogPanel() {
  const [range, setRange] = useState<DateRange>({ startDate: '', endDate: '' })
  const [search, setSearch] = useState('')
  const [actor, setActor] = useState('')
  const [action, setAction] = useState('')
  const [objectType, setObjectType] = useState('')
  const [page, setPage] = useState(1)
  const [limit, setLimit] = useState(50)
  const wantedSearch = useDeferredValue(search)
  const wantedActor = useDeferredValue(actor)
  const backwards = range.startDate !== '' && range.endDate !== '' && range.endDate < range.startDate
  const filter = { ...range, search: wantedSearch, actor: wantedActor, action, objectType }
  const log = useQuery({
    queryKey: [AUDIT_LOG_KEY, filter, page, limit],
    queryFn: () => listAuditLog({ ...filter, page, limit }),
    placeholderData: keepPreviousData,
    enabled: !backwards,
  })
  const filtered = Object.values(filter).some((v) => v.trim() !== '')
  const clear = () => {
    setRange({ startDate: '', endDate: '' })
    setSearch('')
    setActor('')
    setAction('')
    setObjectType('')
    setPage(1)
  }
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v)
      setPage(1)
    }
  const data = log.data

  const body = (
    <ActivityResults
      query={log}
      what="the audit log"
      backwards={backwards}
      filtered={filtered}
      onClear={clear}
      noMatch={{ title: 'No changes match', description: 'Try other dates, words or filters.' }}
      empty={{
        icon: History,
        title: 'No changes recorded yet',
        description:
          'Every flow, credential, variable, tool, API key, document store, workspace, user and role created, changed, deleted, shared, exported or imported shows here, with who did it and from where.',
      }}
      setPage={setPage}
      setLimit={setLimit}
      table={(rows) => <AuditTable rows={rows} />}
    />
  )

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        flexWrap="wrap"
        alignItems={{ sm: 'flex-start' }}
      >
        <SearchField
          value={search}
          onChange={reset(setSearch)}
          label="Search the audit log"
          placeholder="Search objects, people, addresses"
        />
        <TextField
          size="small"
          label="Who"
          placeholder="Name or e-mail"
          value={actor}
          onChange={(e) => reset(setActor)(e.target.value)}
          sx={{ width: { xs: '100%', sm: 180 } }}
        />
        <TextField
          select
          size="small"
          label="Action"
          value={action}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(e) => reset(setAction)(e.target.value)}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">All actions</MenuItem>
          {AUDIT_ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {AUDIT_ACTION_LABELS[a]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Object"
          value={objectType}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(e) => reset(setObjectType)(e.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All objects</MenuItem>
          {AUDIT_OBJECT_TYPES.map((o) => (
            <MenuItem key={o} value={o}>
              {capital(o)}
            </MenuItem>
          ))}
        </TextField>
        <DateRangeFields value={range} onChange={reset(setRange)} />
        <Box sx={{ display: 'flex', gap: 1, alignSelf: { sm: 'center' } }}>
          {filtered && <Button onClick={clear}>Clear</Button>}
          <ExportCsvButton href={auditLogCsvUrl(filter)} disabled={backwards || !data || data.total === 0} />
        </Box>
      </Stack>
      {body}
    </Stack>
  )
}
