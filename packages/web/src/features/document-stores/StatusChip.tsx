import Chip, { type ChipProps } from '@mui/material/Chip'
import type { DocumentStoreJob, DocumentStoreStatus, LoaderStatus } from '@weft/core'

type Status = DocumentStoreStatus | LoaderStatus | DocumentStoreJob['status']

// Flowise's status names, said in words; the colour tells at a glance what needs attention. A job's
// statuses (lower case: an upsert in the history) share the table.
const LOOKS: Record<Status, { label: string; color: ChipProps['color'] }> = {
  EMPTY: { label: 'Empty', color: 'default' },
  NEW: { label: 'New', color: 'info' },
  SYNCING: { label: 'Syncing', color: 'secondary' },
  SYNC: { label: 'Synced', color: 'success' },
  STALE: { label: 'Stale', color: 'warning' },
  UPSERTING: { label: 'Upserting', color: 'secondary' },
  UPSERTED: { label: 'Upserted', color: 'primary' },
  ERROR: { label: 'Error', color: 'error' },
  queued: { label: 'Queued', color: 'default' },
  running: { label: 'Running', color: 'secondary' },
  done: { label: 'Done', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'default' },
  interrupted: { label: 'Interrupted', color: 'warning' },
}

/** The status of a store, of one of its loaders or of a job, as a coloured chip. */
export default function StatusChip({ status, title }: { status: Status; title?: string | undefined }) {
  const look = LOOKS[status] ?? { label: status, color: 'default' }
  return <Chip size="small" variant="outlined" color={look.color} label={look.label} title={title} />
}
