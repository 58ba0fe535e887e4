import Chip, { type ChipProps } from '@mui/material/Chip'
import type { DocumentStoreJob } from '@weft/core'

const LOOKS: Record<DocumentStoreJob['status'], { label: string; color: ChipProps['color'] }> = {
  queued: { label: 'Queued', color: 'default' },
  running: { label: 'Running', color: 'secondary' },
  done: { label: 'Done', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'default' },
  interrupted: { label: 'Interrupted', color: 'warning' },
}

/** How a job (an upsert in the history) ended, as a coloured chip. */
export default function JobStatusChip({ status }: { status: DocumentStoreJob['status'] }) {
  const look = LOOKS[status] ?? { label: status, color: 'default' }
  return <Chip size="small" variant="outlined" color={look.color} label={look.label} />
}
