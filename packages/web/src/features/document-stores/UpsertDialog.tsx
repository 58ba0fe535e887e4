import Search from '@mui/icons-material/Search'
import StopCircle from '@mui/icons-material/StopCircleOutlined'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { DocumentStoreJob } from '@weft/core'
import { useEffect, useId } from 'react'
import { listUpsertHistory } from '../../api/documentStores'
import JobProgress from './JobProgress'
import { storeKey, upsertHistoryKey } from './storeKeys'
import UpsertCounts from './UpsertCounts'
import { isJobActive } from './useStoreJobs'

interface UpsertDialogProps {
  storeId: string
  job: DocumentStoreJob
  /** Stops the upsert; absent for someone who may not. */
  onCancel?: (() => void) | undefined
  cancelling?: boolean
  onQuery: () => void
  onClose: () => void
}

// The history is written as the job ends: until it has this job's entry, look again this often.
const HISTORY_POLL_MS = 1000

const TITLES: Record<DocumentStoreJob['status'], string> = {
  queued: 'Upserting chunks',
  running: 'Upserting chunks',
  done: 'Upsert finished',
  failed: 'Upsert failed',
  cancelled: 'Upsert cancelled',
  interrupted: 'Upsert interrupted',
}

const ENDINGS: Partial<Record<DocumentStoreJob['status'], string>> = {
  cancelled: 'The upsert stopped before every chunk was written; upsert again to finish.',
  interrupted: 'The server stopped during the upsert; upsert again to finish.',
}

/** An upsert's progress while it runs, then what it did: the counts, or why it failed. */
export default function UpsertDialog({ storeId, job, onCancel, cancelling, onQuery, onClose }: UpsertDialogProps) {
  const titleId = useId()
  const queryClient = useQueryClient()
  const active = isJobActive(job)
  const history = useQuery({
    queryKey: upsertHistoryKey(storeId),
    queryFn: () => listUpsertHistory(storeId),
    enabled: !active,
    refetchInterval: (query) =>
      query.state.data?.some((entry) => entry.jobId === job.id) === false ? HISTORY_POLL_MS : false,
  })
  const entry = Array.isArray(history.data) ? history.data.find((item) => item.jobId === job.id) : undefined

  // The store's status changes with the upsert's end (UPSERTED, or back as it was).
  useEffect(() => {
    if (!active) void queryClient.invalidateQueries({ queryKey: storeKey(storeId) })
  }, [active, queryClient, storeId])

  const error = job.error ?? entry?.error
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{TITLES[job.status]}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {active && <JobProgress job={job} label="Upsert progress" />}
          {ENDINGS[job.status] && (
            <Typography variant="body2" color="text.secondary">
              {ENDINGS[job.status]}
            </Typography>
          )}
          {error && (
            <Alert severity={job.status === 'done' ? 'warning' : 'error'} sx={{ whiteSpace: 'pre-wrap' }}>
              {error}
            </Alert>
          )}
          {!active &&
            (entry?.result ? (
              <UpsertCounts result={entry.result} />
            ) : (
              job.status === 'done' && (
                <Typography variant="body2" color="text.secondary" role="status">
                  {history.error ? 'Could not read what the upsert did.' : 'Reading what the upsert did…'}
                </Typography>
              )
            ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {active ? (
          <>
            <Button color="inherit" onClick={onClose}>
              Run in background
            </Button>
            {onCancel && (
              <Button color="error" startIcon={<StopCircle />} loading={cancelling} onClick={onCancel}>
                Cancel
              </Button>
            )}
          </>
        ) : (
          <>
            <Button color="inherit" onClick={onClose}>
              Close
            </Button>
            {job.status === 'done' && (
              <Button variant="contained" startIcon={<Search />} onClick={onQuery}>
                Query
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  )
}
