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
import type { Execution } from '@weft/core'
import { fromNow, fullDate } from '../flows/fromNow'
import ExecutionStateChip from './ExecutionStateChip'
import { executionDuration, formatDuration } from './executionTime'
import ResumeButton from './ResumeButton'

export const PAGE_SIZES = [10, 25, 50]

const hiddenOnPhones = { display: { xs: 'none', md: 'table-cell' } }

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
            <TableCell sx={{ minWidth: 160 }}>Flow</TableCell>
            <TableCell sx={hiddenOnPhones}>Session</TableCell>
            <TableCell>State</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>Started</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>Duration</TableCell>
            <TableCell sx={{ ...hiddenOnPhones, whiteSpace: 'nowrap' }}>Updated</TableCell>
            <TableCell align="right" sx={{ width: 1 }}>
              <Typography
                component="span"
                sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
              >
                Actions
              </Typography>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((execution) => {
            const duration = executionDuration(execution)
            return (
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
                <TableCell sx={{ minWidth: 160 }}>
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
                </TableCell>
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
                    {duration === undefined ? '—' : formatDuration(duration)}
                  </Typography>
                </TableCell>
                <TableCell sx={{ ...hiddenOnPhones, whiteSpace: 'nowrap' }}>
                  <Typography variant="body2" color="text.secondary" title={fullDate(execution.updatedDate)}>
                    {fromNow(execution.updatedDate)}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', width: 1 }}>
                  {execution.interrupted && (
                    <ResumeButton label={`Resume ${rowName(execution)}`} onResume={() => onResume(execution)} />
                  )}
                </TableCell>
              </TableRow>
            )
          })}
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
