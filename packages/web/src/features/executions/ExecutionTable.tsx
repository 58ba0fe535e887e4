import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TablePagination from '@mui/material/TablePagination'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { useTheme } from '@mui/material/styles'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { Execution } from '@weft/core'
import { fromNow, fullDate } from '../flows/fromNow'
import ExecutionStateChip from './ExecutionStateChip'
import { executionDuration, formatDuration } from './executionTime'
import ResumeButton from './ResumeButton'

export const PAGE_SIZES = [10, 25, 50]

const hiddenOnPhones = { display: { xs: 'none', md: 'table-cell' } }
// Read by screen readers only ('1px': a bare 1 in sx means 100%).
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const

interface ExecutionTableProps {
  items: Execution[]
  flowName: (execution: Execution) => string
  selected: ReadonlySet<string>
  onSelect: (selected: Set<string>) => void
  onOpen: (execution: Execution) => void
  onResume: (execution: Execution) => Promise<void>
  paging: {
    total: number
    page: number
    limit: number
    onPage: (page: number) => void
    onLimit: (limit: number) => void
  }
}

/** One page of executions: tick rows to act on several, click a row to read its steps. */
export default function ExecutionTable({
  items,
  flowName,
  selected,
  onSelect,
  onOpen,
  onResume,
  paging,
}: ExecutionTableProps) {
  const ticked = items.filter((execution) => selected.has(execution.id)).length
  const tick = (id: string, on: boolean) => {
    const next = new Set(selected)
    if (on) next.add(id)
    else next.delete(id)
    onSelect(next)
  }
  const rowName = (execution: Execution) => `${flowName(execution)}, started ${fullDate(execution.createdDate)}`

  const theme = useTheme()
  // A phone has room for three columns: the flow with when it started and how long it took under
  // its name, and the state; the session and the last update wait for the execution's own page.
  const compact = !useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true })
  const duration = (execution: Execution) => {
    const ms = executionDuration(execution)
    return ms === undefined ? '—' : formatDuration(ms)
  }
  const flowLink = (execution: Execution) => (
    <Link
      component="button"
      type="button"
      variant="body2"
      underline="hover"
      color="text.primary"
      fontWeight={500}
      aria-label={rowName(execution)}
      onClick={(event) => {
        event.stopPropagation()
        onOpen(execution)
      }}
      sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
    >
      {flowName(execution)}
    </Link>
  )
  const resume = (execution: Execution) =>
    execution.interrupted && (
      <ResumeButton label={`Resume ${rowName(execution)}`} onResume={() => onResume(execution)} />
    )

  const wideHead = (
    <>
      <TableCell sx={{ minWidth: 160 }}>Flow</TableCell>
      <TableCell sx={hiddenOnPhones}>Session</TableCell>
      <TableCell>State</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>Started</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>Duration</TableCell>
      <TableCell sx={{ ...hiddenOnPhones, whiteSpace: 'nowrap' }}>Updated</TableCell>
      <TableCell align="right" sx={{ width: 1 }}>
        <Typography component="span" sx={visuallyHidden}>
          Actions
        </Typography>
      </TableCell>
    </>
  )
  const compactHead = (
    <>
      <TableCell sx={{ pl: 1 }}>Execution</TableCell>
      <TableCell align="right" sx={{ pl: 1, pr: 1.5 }}>
        State
      </TableCell>
    </>
  )

  const wideCells = (execution: Execution) => (
    <>
      <TableCell sx={{ minWidth: 160 }}>{flowLink(execution)}</TableCell>
      <TableCell sx={hiddenOnPhones}>
        <Typography
          variant="body2"
          color="text.secondary"
          title={execution.sessionId}
          sx={{
            fontFamily: 'monospace',
            fontSize: '0.8125rem',
            maxWidth: 200,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {execution.sessionId || '—'}
        </Typography>
      </TableCell>
      <TableCell>
        <ExecutionStateChip execution={execution} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Typography variant="body2">{fullDate(execution.createdDate)}</Typography>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {duration(execution)}
        </Typography>
      </TableCell>
      <TableCell sx={{ ...hiddenOnPhones, whiteSpace: 'nowrap' }}>
        <Typography variant="body2" color="text.secondary" title={fullDate(execution.updatedDate)}>
          {fromNow(execution.updatedDate)}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', width: 1 }}>
        {resume(execution)}
      </TableCell>
    </>
  )
  const compactCells = (execution: Execution) => (
    <>
      <TableCell sx={{ pl: 1, py: 1.25 }}>
        {flowLink(execution)}
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ mt: 0.25, fontVariantNumeric: 'tabular-nums' }}
        >
          <Box component="span" sx={visuallyHidden}>
            Started{' '}
          </Box>
          {fullDate(execution.createdDate)}
          <span aria-hidden> · </span>
          <Box component="span" sx={visuallyHidden}>
            , took{' '}
          </Box>
          {duration(execution)}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ pl: 1, pr: 1.5, py: 1.25, width: '1%', whiteSpace: 'nowrap' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 1 }}>
          <ExecutionStateChip execution={execution} />
          {resume(execution)}
        </Box>
      </TableCell>
    </>
  )

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Executions">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={items.length > 0 && ticked === items.length}
                indeterminate={ticked > 0 && ticked < items.length}
                onChange={(event) => onSelect(event.target.checked ? new Set(items.map((item) => item.id)) : new Set())}
                slotProps={{ input: { 'aria-label': 'Select all executions on this page' } }}
              />
            </TableCell>
            {compact ? compactHead : wideHead}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((execution) => (
            <TableRow
              key={execution.id}
              hover
              selected={selected.has(execution.id)}
              onClick={() => onOpen(execution)}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  size="small"
                  checked={selected.has(execution.id)}
                  onChange={(event) => tick(execution.id, event.target.checked)}
                  slotProps={{ input: { 'aria-label': `Select ${rowName(execution)}` } }}
                />
              </TableCell>
              {compact ? compactCells(execution) : wideCells(execution)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={paging.total}
        page={paging.page}
        rowsPerPage={paging.limit}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, page) => paging.onPage(page)}
        onRowsPerPageChange={(event) => paging.onLimit(Number(event.target.value))}
        labelRowsPerPage="Per page"
      />
    </TableContainer>
  )
}
