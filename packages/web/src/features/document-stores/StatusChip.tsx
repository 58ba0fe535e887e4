import Chip, { type ChipProps } from '@mui/material/Chip'
import type { DocumentStoreStatus, LoaderStatus } from '@weft/core'

type Status = DocumentStoreStatus | LoaderStatus

// Flowise's status names, said in words; the colour tells at a glance what needs attention.
const LOOKS: Record<Status, { label: string; color: ChipProps['color'] }> = {
  EMPTY: { label: 'Empty', color: 'default' },
  NEW: { label: 'New', color: 'info' },
  SYNCING: { label: 'Syncing', color: 'secondary' },
  SYNC: { label: 'Synced', color: 'success' },
  STALE: { label: 'Stale', color: 'warning' },
  UPSERTING: { label: 'Upserting', color: 'secondary' },
  UPSERTED: { label: 'Upserted', color: 'primary' },
  ERROR: { label: 'Error', color: 'error' },
}

/** The status of a store or of one of its loaders, as a coloured chip. */
export default function StatusChip({ status, title }: { status: Status; title?: string | undefined }) {
  const look = LOOKS[status] ?? { label: status, color: 'default' }
  return <Chip size="small" variant="outlined" color={look.color} label={look.label} title={title} />
}
