import Login from '@mui/icons-material/LoginOutlined'
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
import {
  FAILED_LOGIN_KINDS,
  LOGIN_ACTIVITY_KINDS,
  LOGIN_ACTIVITY_LABELS,
  isLoginActivityKind,
  type LoginActivityKind,
} from '@weft/core'
import { useDeferredValue, useState } from 'react'
import type { LoginActivityEntry } from '@weft/core'
import { listLoginActivity, loginActivityCsvUrl } from '../../api/loginActivity'
import PageHeader from '../../components/PageHeader'
import SearchField from '../flows/SearchField'
import ActivityResults from './ActivityResults'
import {
  AgentText,
  DateRangeFields,
  EmailText,
  ExportCsvButton,
  fromTablet,
  phoneOnly,
  whenText,
  type DateRange,
} from './activityParts'

export const LOGIN_ACTIVITY_KEY = 'login-activity'

type ChipColor = 'default' | 'success' | 'error' | 'warning' | 'info'

function kindColor(kind: string): ChipColor {
  if (kind === 'login' || kind === 'sso') return 'success'
  if (kind === 'locked') return 'warning'
  if ((FAILED_LOGIN_KINDS as readonly string[]).includes(kind)) return 'error'
  return kind === 'logout' ? 'default' : 'info'
}

export function KindChip({ kind }: { kind: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={kindColor(kind)}
      label={isLoginActivityKind(kind) ? LOGIN_ACTIVITY_LABELS[kind] : kind}
      sx={{ fontWeight: 600 }}
    />
  )
}

function ActivityTable({ rows }: { rows: LoginActivityEntry[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Login activity">
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...fromTablet, whiteSpace: 'nowrap' }}>Time</TableCell>
            <TableCell>User</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Message</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Address</TableCell>
            <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>User agent</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover sx={{ verticalAlign: 'top' }}>
              <TableCell
                sx={{ ...fromTablet, whiteSpace: 'nowrap', color: 'text.secondary' }}
                title={row.attemptedDateTime}
              >
                {whenText(row.attemptedDateTime)}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'break-word', wordBreak: 'break-word' }}>
                {row.name && <Typography variant="body2">{row.name}</Typography>}
                <Typography variant="body2" color={row.name ? 'text.secondary' : 'text.primary'}>
                  {row.username ? <EmailText email={row.username} /> : '—'}
                </Typography>
                {/* On phones the address and the agent go under the user. */}
                <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                  {row.ip ?? '—'}
                </Typography>
              </TableCell>
              <TableCell>
                <KindChip kind={row.activityCode} />
                <Typography variant="caption" color="text.secondary" sx={{ ...phoneOnly, mt: 0.5 }}>
                  {whenText(row.attemptedDateTime)}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: { xs: 'block', md: 'none' }, mt: 0.5, overflowWrap: 'anywhere' }}
                >
                  {row.message}
                </Typography>
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, overflowWrap: 'anywhere' }}>
                {row.message}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, fontFamily: 'monospace', fontSize: 13 }}>
                {row.ip ?? '—'}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>
                <AgentText agent={row.userAgent} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

/** /login-activity: every sign-in attempt of the organization's people, filtered, paged, exported. */
export default function LoginActivityPage() {
  const [range, setRange] = useState<DateRange>({ startDate: '', endDate: '' })
  const [user, setUser] = useState('')
  const [kind, setKind] = useState<LoginActivityKind | ''>('')
  const [page, setPage] = useState(1)
  const [limit, setLimit] = useState(50)
  const wantedUser = useDeferredValue(user)
  const backwards = range.startDate !== '' && range.endDate !== '' && range.endDate < range.startDate
  const filter = { ...range, user: wantedUser, activityCode: kind }
  const activity = useQuery({
    queryKey: [LOGIN_ACTIVITY_KEY, filter, page, limit],
    queryFn: () => listLoginActivity({ ...filter, page, limit }),
    placeholderData: keepPreviousData,
    enabled: !backwards,
  })
  const filtered = range.startDate !== '' || range.endDate !== '' || wantedUser.trim() !== '' || kind !== ''
  const clear = () => {
    setRange({ startDate: '', endDate: '' })
    setUser('')
    setKind('')
    setPage(1)
  }
  const data = activity.data

  const body = (
    <ActivityResults
      query={activity}
      what="login activity"
      backwards={backwards}
      filtered={filtered}
      onClear={clear}
      noMatch={{ title: 'No sign-ins match', description: 'Try other dates, another user or kind.' }}
      empty={{
        icon: Login,
        title: 'No login activity yet',
        description: "Every sign-in attempt, sign-out and single sign-on of your organization's people shows here.",
      }}
      setPage={setPage}
      setLimit={setLimit}
      table={(rows) => <ActivityTable rows={rows} />}
    />
  )

  return (
    <>
      <PageHeader
        title="Login Activity"
        description="Sign-ins, failed attempts, lock-outs, single sign-on and sign-outs, with the address and browser they came from."
      >
        <ExportCsvButton href={loginActivityCsvUrl(filter)} disabled={backwards || !data || data.total === 0} />
      </PageHeader>
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          useFlexGap
          flexWrap="wrap"
          alignItems={{ sm: 'flex-start' }}
        >
          <SearchField
            value={user}
            onChange={(next) => {
              setUser(next)
              setPage(1)
            }}
            label="User"
            placeholder="Filter by e-mail"
          />
          <TextField
            select
            size="small"
            label="Kind"
            value={kind}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            onChange={(event) => {
              setKind(event.target.value as LoginActivityKind | '')
              setPage(1)
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">All kinds</MenuItem>
            {LOGIN_ACTIVITY_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {LOGIN_ACTIVITY_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
          <DateRangeFields
            value={range}
            onChange={(next) => {
              setRange(next)
              setPage(1)
            }}
          />
          {filtered && (
            <Box sx={{ alignSelf: { sm: 'center' } }}>
              <Button onClick={clear}>Clear</Button>
            </Box>
          )}
        </Stack>
        {body}
      </Stack>
    </>
  )
}
