import CloudOff from '@mui/icons-material/CloudOffOutlined'
import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Card from '@mui/material/Card'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { isQueueJobState, QUEUE_JOB_STATES, type QueueJobState, type QueueSummary } from '@weft/core'
import { useSearchParams } from 'react-router'
import { getQueueOverview } from '../../api/queue'
import EmptyState from '../../components/EmptyState'
import PageHeader from '../../components/PageHeader'
import TableSkeleton from '../../components/list/TableSkeleton'
import LoadError, { RefreshError } from '../flows/LoadError'
import QueueJobs from './QueueJobs'
import { QUEUE_KEY, QUEUE_REFRESH_MS, QUEUE_STATE_LOOKS } from './queueStates'

function QueueModeOff() {
  return (
    <Card sx={{ borderStyle: 'dashed' }}>
      <EmptyState
        icon={CloudOff}
        title="Queue mode is off"
        description="Every run happens in the server process. To run flows on workers, start the server with MODE=queue and REDIS_URL, and the workers with npm run worker."
      />
    </Card>
  )
}

/** The five states with their counts; the one picked is the table shown under them. */
function StateCounts({
  queue,
  state,
  onPick,
}: {
  queue: QueueSummary
  state: QueueJobState
  onPick: (state: QueueJobState) => void
}) {
  return (
    <Box
      role="group"
      aria-label={`${queue.label}: jobs by state`}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(5, 1fr)' } }}
    >
      {QUEUE_JOB_STATES.map((name) => {
        const look = QUEUE_STATE_LOOKS[name]
        const picked = name === state
        const count = queue.counts[name]
        return (
          <ButtonBase
            key={name}
            aria-pressed={picked}
            aria-label={`${look.label}: ${count} ${count === 1 ? 'job' : 'jobs'}`}
            onClick={() => onPick(name)}
            sx={(theme) => ({
              display: 'block',
              textAlign: 'left',
              px: 2,
              py: 1.5,
              borderRadius: 2,
              border: `1px solid ${picked ? theme.palette.primary.main : theme.palette.divider}`,
              bgcolor: picked ? theme.palette.action.selected : theme.palette.background.paper,
              boxShadow: picked ? `inset 0 0 0 1px ${theme.palette.primary.main}` : 'none',
              '&:hover': { borderColor: picked ? theme.palette.primary.main : theme.palette.text.secondary },
              '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
            })}
          >
            <Stack direction="row" spacing={0.75} alignItems="center">
              <Box
                sx={(theme) => ({
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  flexShrink: 0,
                  bgcolor: look.color === 'default' ? theme.palette.text.disabled : theme.palette[look.color].main,
                })}
              />
              <Typography variant="caption" color="text.secondary" noWrap>
                {look.label}
              </Typography>
            </Stack>
            <Typography
              variant="h4"
              component="p"
              sx={{
                mt: 0.5,
                fontVariantNumeric: 'tabular-nums',
                color: name === 'failed' && count > 0 ? 'error.main' : 'text.primary',
              }}
            >
              {count.toLocaleString()}
            </Typography>
          </ButtonBase>
        )
      })}
    </Box>
  )
}

/** /queue: queue mode's queues, for organization admins: each state's jobs, retry and remove. */
export default function QueuePage() {
  const overview = useQuery({ queryKey: [QUEUE_KEY], queryFn: getQueueOverview, refetchInterval: QUEUE_REFRESH_MS })
  const [params, setParams] = useSearchParams()
  const queues = overview.data?.queues ?? []
  const queue = queues.find((q) => q.name === params.get('queue')) ?? queues[0]
  const asked = params.get('state') ?? ''
  const state: QueueJobState = isQueueJobState(asked) ? asked : 'waiting'
  const pick = (next: { queue?: string; state?: QueueJobState }) =>
    setParams({ queue: next.queue ?? queue?.name ?? '', state: next.state ?? state }, { replace: true })

  const header = (
    <PageHeader
      title="Queue"
      description={`The workers' jobs (flow runs, document store processing) per queue: waiting, running, done and failed. Refreshed every ${QUEUE_REFRESH_MS / 1000} seconds.`}
    />
  )
  if (overview.isPending)
    return (
      <>
        {header}
        <TableSkeleton label="Loading the queue" rows={5} />
      </>
    )
  if (overview.error && !overview.data)
    return (
      <>
        {header}
        <LoadError what="the queue" error={overview.error} onRetry={() => void overview.refetch()} />
      </>
    )
  if (overview.data.mode === 'main' || !queue)
    return (
      <>
        {header}
        <QueueModeOff />
      </>
    )
  return (
    <>
      {header}
      {overview.error && (
        <RefreshError what="the queue" error={overview.error} onRetry={() => void overview.refetch()} />
      )}
      <Tabs
        value={queue.name}
        onChange={(_event, next: string) => pick({ queue: next })}
        aria-label="Queues"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {queues.map((q) => (
          <Tab key={q.name} value={q.name} label={q.label} />
        ))}
      </Tabs>
      <Stack spacing={2.5}>
        <StateCounts queue={queue} state={state} onPick={(next) => pick({ state: next })} />
        <QueueJobs key={`${queue.name}:${state}`} queue={queue.name} state={state} />
      </Stack>
    </>
  )
}
