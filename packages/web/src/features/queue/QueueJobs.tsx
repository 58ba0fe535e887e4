import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import TablePagination from '@mui/material/TablePagination'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { QueueJob, QueueJobState } from '@weft/core'
import { useState } from 'react'
import { listQueueJobs, removeQueueJob, retryQueueJob } from '../../api/queue'
import EmptyState from '../../components/EmptyState'
import { useConfirm } from '../../components/confirm/useConfirm'
import TableSkeleton from '../../components/list/TableSkeleton'
import { useListAction } from '../../components/list/useListAction'
import LoadError, { RefreshError } from '../flows/LoadError'
import QueueJobsTable from './QueueJobsTable'
import { QUEUE_KEY, QUEUE_REFRESH_MS, QUEUE_STATE_LOOKS } from './queueStates'

export const QUEUE_PAGE_SIZE = 20

/** One queue's jobs in one state, paged, newest first, with Retry and Remove. */
export default function QueueJobs({ queue, state }: { queue: string; state: QueueJobState }) {
  const [page, setPage] = useState(1)
  const confirm = useConfirm()
  const run = useListAction(QUEUE_KEY)
  const jobs = useQuery({
    queryKey: [QUEUE_KEY, queue, state, page],
    queryFn: () => listQueueJobs(queue, { state, page, limit: QUEUE_PAGE_SIZE }),
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  })
  // The last job of a later page leaving by the user's hand: show the page before.
  const leaves = () => {
    if (jobs.data?.jobs.length === 1 && page > 1) setPage(page - 1)
  }
  const look = QUEUE_STATE_LOOKS[state]
  const what = `${look.label.toLowerCase()} jobs`

  const retry = async (job: QueueJob) => {
    if (
      await run(() => retryQueueJob(queue, job.id), `Job ${job.id} is waiting to run again`, 'Failed to retry the job')
    )
      leaves()
  }
  const remove = async (job: QueueJob) => {
    const confirmed = await confirm({
      title: 'Remove job',
      description: `Remove job ${job.id}${job.flowName ? ` of ${job.flowName}` : ''} from the queue? ${
        state === 'waiting' || state === 'delayed' ? 'Its run will not happen.' : 'Its record here is deleted.'
      }`,
      confirmButtonName: 'Remove',
    })
    if (
      confirmed &&
      (await run(() => removeQueueJob(queue, job.id), `Job ${job.id} removed`, 'Failed to remove the job'))
    )
      leaves()
  }

  if (jobs.isPending) return <TableSkeleton label={`Loading ${what}`} rows={5} />
  const data = jobs.data
  if (jobs.error && !data) return <LoadError what={what} error={jobs.error} onRetry={() => void jobs.refetch()} />
  if (!data || data.jobs.length === 0) {
    return (
      <Card sx={{ borderStyle: 'dashed' }}>
        <EmptyState icon={look.empty.icon} title={look.empty.title} description={look.empty.description}>
          {/* Jobs a worker took or that were removed elsewhere can empty a later page. */}
          {data && data.page > 1 && (
            <Button variant="outlined" onClick={() => setPage(1)}>
              Go to the first page
            </Button>
          )}
        </EmptyState>
      </Card>
    )
  }
  return (
    <div>
      {jobs.error && <RefreshError what={what} error={jobs.error} onRetry={() => void jobs.refetch()} />}
      <QueueJobsTable
        state={state}
        jobs={data.jobs}
        onRetry={(job) => void retry(job)}
        onRemove={(job) => void remove(job)}
      />
      {data.total > data.limit && (
        <TablePagination
          component="div"
          count={data.total}
          page={data.page - 1}
          rowsPerPage={data.limit}
          rowsPerPageOptions={[]}
          onPageChange={(_event, next) => setPage(next + 1)}
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} of ${count}, newest first`}
        />
      )}
    </div>
  )
}
