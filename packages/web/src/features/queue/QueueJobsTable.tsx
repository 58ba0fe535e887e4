import DeleteOutline from '@mui/icons-material/DeleteOutline'
import Replay from '@mui/icons-material/ReplayOutlined'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import type { QueueJob, QueueJobState } from '@weft/core'
import { Fragment } from 'react'
import RowAction from '../../components/list/RowAction'
import { fromNow, fullDate } from '../flows/fromNow'
import { QUEUE_STATE_LOOKS } from './queueStates'

const mono = { fontFamily: 'monospace', fontSize: 13 } as const
const fromTablet = { display: { xs: 'none', sm: 'table-cell' } } as const
const fromDesktop = { display: { xs: 'none', md: 'table-cell' } } as const
const phoneOnly = { display: { xs: 'block', sm: 'none' } } as const
const fromTabletBlock = { display: { xs: 'none', sm: 'block' } } as const
// In sx a width of 1 is 100 %: pixels, spelled out.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const

export function StateChip({ state }: { state: QueueJob['state'] }) {
  const look = state === 'unknown' ? { label: 'Unknown', color: 'default' as const } : QUEUE_STATE_LOOKS[state]
  return (
    <Chip
      size="small"
      label={look.label}
      color={look.color}
      variant={state === 'failed' ? 'filled' : 'outlined'}
      sx={{ fontWeight: 600, minWidth: 84 }}
    />
  )
}

/** The time that matters in the state: when it was added, taken, or ended. */
function whenOf(job: QueueJob, state: QueueJobState): { label: string; iso: string } {
  if (state === 'active' && job.processedAt) return { label: 'Started', iso: job.processedAt }
  if ((state === 'completed' || state === 'failed') && job.finishedAt) return { label: 'Ended', iso: job.finishedAt }
  return { label: 'Added', iso: job.createdAt }
}

/** A running job is on the attempt after those it has made. */
const attemptOf = (job: QueueJob, state: QueueJobState) => (state === 'active' ? job.attempts + 1 : job.attempts)

function WhenText({ job, state }: { job: QueueJob; state: QueueJobState }) {
  const when = whenOf(job, state)
  return (
    <Box component="span" title={fullDate(when.iso)}>
      {when.label} {fromNow(when.iso)}
    </Box>
  )
}

interface Props {
  state: QueueJobState
  jobs: QueueJob[]
  onRetry: (job: QueueJob) => void
  onRemove: (job: QueueJob) => void
}

/** A queue's jobs in one state; a failed job's error under its row, in words. */
export default function QueueJobsTable({ state, jobs, onRetry, onRemove }: Props) {
  const columns = 6
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={`${QUEUE_STATE_LOOKS[state].label} jobs`}>
        <TableHead>
          <TableRow>
            <TableCell>Run</TableCell>
            <TableCell sx={fromTablet}>Job</TableCell>
            <TableCell sx={fromTablet}>Status</TableCell>
            <TableCell sx={{ ...fromTablet, whiteSpace: 'nowrap' }}>When</TableCell>
            <TableCell sx={fromDesktop}>Attempts</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {jobs.map((job) => {
            // A document store job names no flow: its kind (process, upsert) says what it is.
            const flow = job.flowName ?? job.flowId ?? job.name
            const failed = state === 'failed' && job.failedReason
            const under = failed ? { '& > td': { borderBottom: 0 } } : undefined
            return (
              <Fragment key={job.id}>
                <TableRow hover sx={{ verticalAlign: 'top', ...under }}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Typography variant="body2" fontWeight={500}>
                      {flow}
                    </Typography>
                    {job.flowName && job.flowId && (
                      <Typography variant="caption" color="text.secondary" sx={{ ...mono, ...fromTabletBlock }}>
                        {job.flowId}
                      </Typography>
                    )}
                    {/* On phones the job, its state and time go under the flow. */}
                    <Stack spacing={0.5} sx={{ ...phoneOnly, mt: 0.75 }}>
                      <Typography variant="caption" color="text.secondary" component="div" sx={mono}>
                        Job {job.id}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" component="div">
                        <WhenText job={job} state={state} /> · attempt {attemptOf(job, state)} of {job.maxAttempts}
                      </Typography>
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ ...fromTablet, overflowWrap: 'anywhere' }}>
                    <Typography variant="body2" sx={mono}>
                      {job.id}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {job.name}
                    </Typography>
                  </TableCell>
                  <TableCell sx={fromTablet}>
                    <StateChip state={job.state} />
                  </TableCell>
                  <TableCell sx={{ ...fromTablet, whiteSpace: 'nowrap', color: 'text.secondary' }}>
                    <WhenText job={job} state={state} />
                  </TableCell>
                  <TableCell sx={{ ...fromDesktop, whiteSpace: 'nowrap', color: 'text.secondary' }}>
                    {attemptOf(job, state)} of {job.maxAttempts}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0.5 }}>
                    {state === 'failed' && (
                      <RowAction
                        label={`Retry job ${job.id}`}
                        title="Retry"
                        icon={<Replay fontSize="small" />}
                        onClick={() => onRetry(job)}
                      />
                    )}
                    {state !== 'active' && (
                      <RowAction
                        label={`Remove job ${job.id}`}
                        title="Remove"
                        icon={<DeleteOutline fontSize="small" />}
                        onClick={() => onRemove(job)}
                        danger
                      />
                    )}
                  </TableCell>
                </TableRow>
                {failed && (
                  <TableRow>
                    <TableCell colSpan={columns} sx={{ pt: 0 }}>
                      <Box
                        role="note"
                        aria-label={`Error of job ${job.id}`}
                        sx={(theme) => ({
                          px: 1.5,
                          py: 1,
                          borderRadius: 1,
                          borderLeft: `3px solid ${theme.palette.error.main}`,
                          bgcolor:
                            theme.palette.mode === 'dark' ? 'rgba(244, 67, 54, 0.08)' : 'rgba(211, 47, 47, 0.05)',
                        })}
                      >
                        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                          {job.failedReason}
                        </Typography>
                      </Box>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            )
          })}
        </TableBody>
      </Table>
    </TableContainer>
  )
}
