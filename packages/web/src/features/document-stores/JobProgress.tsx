import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import type { DocumentStoreJob } from '@weft/core'
import { formatCount } from './numbers'

/** How far a running job is: a bar, and the chunks done of the total once the total is known. */
export default function JobProgress({ job, label }: { job: DocumentStoreJob; label: string }) {
  const known = job.total > 0
  const percent = known ? Math.min(100, Math.round((job.done / job.total) * 100)) : 0
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress
        aria-label={label}
        variant={known ? 'determinate' : 'indeterminate'}
        {...(known ? { value: percent } : {})}
        sx={{ borderRadius: 1, height: 6 }}
      />
      <Typography variant="caption" color="text.secondary">
        {job.status === 'queued'
          ? 'Waiting to start'
          : known
            ? `${formatCount(job.done)} of ${formatCount(job.total)} chunks (${percent}%)`
            : 'Reading documents'}
      </Typography>
    </Box>
  )
}
