import EventNote from '@mui/icons-material/EventNoteOutlined'
import SearchOff from '@mui/icons-material/SearchOff'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Chip from '@mui/material/Chip'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TablePagination from '@mui/material/TablePagination'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { formatFileSize } from '@weft/core'
import dayjs from 'dayjs'
import { useDeferredValue, useState } from 'react'
import { LOG_LEVELS, listLogFiles, readLogDay, type LogEntry, type LogLevel } from '../../api/logs'
import EmptyState from '../../components/EmptyState'
import TableSkeleton from '../../components/list/TableSkeleton'
import LoadError, { RefreshError } from '../flows/LoadError'
import SearchField from '../flows/SearchField'

export const LOG_FILES_KEY = 'log-files'

type ChipColor = 'default' | 'info' | 'success' | 'warning' | 'error'
const LEVEL_COLORS: Record<LogLevel, ChipColor> = {
  trace: 'default',
  debug: 'default',
  info: 'info',
  warn: 'warning',
  error: 'error',
  fatal: 'error',
}

/** "Wed 2 Dec 2026": a file's day, which is a UTC date. */
export const dayLabel = (date: string) => dayjs(`${date}T12:00:00Z`).format('ddd D MMM YYYY')

/** "GET /api/v1/chatflows → 200 · 4.6 ms", or what of it the entry has. */
export function requestText(request: LogEntry['request']): string | undefined {
  if (!request) return undefined
  const line = [request.method, request.url].filter(Boolean).join(' ')
  const outcome = [
    request.statusCode !== undefined ? String(request.statusCode) : undefined,
    request.durationMs !== undefined ? `${request.durationMs} ms` : undefined,
  ]
    .filter(Boolean)
    .join(' · ')
  return [line, outcome].filter(Boolean).join(' → ') || undefined
}

const timeOf = (time: string) => dayjs(time).format('HH:mm:ss.SSS')

function LevelChip({ level }: { level: LogLevel }) {
  return (
    <Chip
      size="small"
      label={level.toUpperCase()}
      color={LEVEL_COLORS[level]}
      variant={level === 'error' || level === 'fatal' ? 'filled' : 'outlined'}
      sx={{ fontWeight: 600, fontSize: 11, minWidth: 56 }}
    />
  )
}

const mono = { fontFamily: 'monospace', fontSize: 13 } as const

function EntriesTable({ entries }: { entries: LogEntry[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Log entries" sx={{ tableLayout: { md: 'fixed' } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: { md: 120 }, whiteSpace: 'nowrap' }}>Time</TableCell>
            <TableCell sx={{ width: { md: 90 }, display: { xs: 'none', sm: 'table-cell' } }}>Level</TableCell>
            <TableCell>Message</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, width: { md: '40%' } }}>Request</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry, index) => {
            const request = requestText(entry.request)
            return (
              <TableRow key={`${entry.time}-${index}`} hover sx={{ verticalAlign: 'top' }}>
                <TableCell
                  sx={{ ...mono, whiteSpace: 'nowrap', color: 'text.secondary', px: { xs: 1, sm: 2 } }}
                  title={entry.time}
                >
                  {timeOf(entry.time)}
                  {/* On phones the level goes under the time, leaving the message room. */}
                  <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
                    <LevelChip level={entry.level} />
                  </Box>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  <LevelChip level={entry.level} />
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Typography variant="body2">{entry.message || '—'}</Typography>
                  {entry.error && (
                    <Typography variant="body2" color="error" sx={{ ...mono, mt: 0.5 }}>
                      {entry.error}
                    </Typography>
                  )}
                  {request && (
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ ...mono, mt: 0.5, display: { md: 'none' } }}
                    >
                      {request}
                    </Typography>
                  )}
                </TableCell>
                <TableCell
                  sx={{
                    ...mono,
                    display: { xs: 'none', md: 'table-cell' },
                    overflowWrap: 'anywhere',
                    color: 'text.secondary',
                  }}
                >
                  {request ?? ''}
                </TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

/** The Server logs tab: a day's file picked from those kept, filtered by level and text, paged. */
export default function ServerLogsPanel() {
  const files = useQuery({ queryKey: [LOG_FILES_KEY], queryFn: listLogFiles })
  const [picked, setPicked] = useState<string | null>(null)
  const [level, setLevel] = useState<LogLevel | ''>('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const wanted = useDeferredValue(search)
  const days = files.data?.files ?? []
  const date = picked ?? days[0]?.date ?? null
  const day = useQuery({
    queryKey: [LOG_FILES_KEY, date, level, wanted, page],
    queryFn: () => readLogDay(date!, { level, search: wanted, page }),
    enabled: date !== null,
    placeholderData: keepPreviousData,
  })

  if (files.isPending) return <TableSkeleton label="Loading log files" />
  if (files.error) return <LoadError what="log files" error={files.error} onRetry={() => void files.refetch()} />
  if (days.length === 0 || date === null) {
    const off = files.data?.retentionDays === 0
    return (
      <Card sx={{ borderStyle: 'dashed' }}>
        <EmptyState
          icon={EventNote}
          title={off ? 'Log files are off' : 'No log files yet'}
          description={
            off
              ? 'WEFT_LOG_RETENTION_DAYS is 0, so the server writes its log to the terminal only. Set it to the number of days to keep.'
              : 'The server writes its log to one file a day under WEFT_HOME/logs; the first file appears when it logs something.'
          }
        />
      </Card>
    )
  }

  const filtered = level !== '' || wanted.trim() !== ''
  const clearFilters = () => {
    setLevel('')
    setSearch('')
    setPage(1)
  }
  const data = day.data
  const body = day.isPending ? (
    <TableSkeleton label="Loading log entries" rows={6} />
  ) : day.error && !data ? (
    <LoadError what="log entries" error={day.error} onRetry={() => void day.refetch()} />
  ) : !data || data.entries.length === 0 ? (
    <Card sx={{ borderStyle: 'dashed' }}>
      {filtered ? (
        <EmptyState icon={SearchOff} title="No log entries match" description="Try another level or word.">
          <Button variant="outlined" onClick={clearFilters}>
            Clear filters
          </Button>
        </EmptyState>
      ) : (
        <EmptyState icon={EventNote} title="No log entries for this day" />
      )}
    </Card>
  ) : (
    <>
      <EntriesTable entries={data.entries} />
      <TablePagination
        component="div"
        count={data.total}
        page={data.page - 1}
        rowsPerPage={data.pageSize}
        rowsPerPageOptions={[]}
        onPageChange={(_event, next) => setPage(next + 1)}
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} of ${count} entries, newest first`}
      />
    </>
  )

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        flexWrap="wrap"
        alignItems={{ sm: 'center' }}
      >
        <TextField
          select
          size="small"
          label="Day"
          value={date}
          onChange={(event) => {
            setPicked(event.target.value)
            setPage(1)
          }}
          sx={{ minWidth: 240 }}
        >
          {days.map((file) => (
            <MenuItem key={file.date} value={file.date}>
              {dayLabel(file.date)}
              <Box component="span" sx={{ ml: 1, color: 'text.secondary' }}>
                {formatFileSize(file.size)}
              </Box>
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Level"
          value={level}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(event) => {
            setLevel(event.target.value as LogLevel | '')
            setPage(1)
          }}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">All levels</MenuItem>
          {LOG_LEVELS.map((name) => (
            <MenuItem key={name} value={name}>
              {name[0]!.toUpperCase() + name.slice(1)}
            </MenuItem>
          ))}
        </TextField>
        <SearchField
          value={search}
          onChange={(value) => {
            setSearch(value)
            setPage(1)
          }}
          label="Search log entries"
          placeholder="Search messages, addresses, errors"
        />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        Days are UTC; files are kept {files.data?.retentionDays ?? ''} days. Secrets (API keys, tokens, cookies,
        passwords) are never written.
      </Typography>
      {day.error && data && <RefreshError what="log entries" error={day.error} onRetry={() => void day.refetch()} />}
      {body}
    </Stack>
  )
}
