import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { UpsertResult } from '@weft/core'
import { formatCount } from './numbers'

const COUNTS: { key: keyof UpsertResult; label: string }[] = [
  { key: 'numAdded', label: 'Added' },
  { key: 'numUpdated', label: 'Updated' },
  { key: 'numSkipped', label: 'Skipped' },
  { key: 'numDeleted', label: 'Deleted' },
]

/** What an upsert did to the vector store: chunks added, updated, skipped as unchanged, deleted. */
export default function UpsertCounts({ result }: { result: UpsertResult }) {
  return (
    <Box
      component="dl"
      aria-label="Upsert counts"
      sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' } }}
    >
      {COUNTS.map(({ key, label }) => (
        <Box key={key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, textAlign: 'center' }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {formatCount(result[key])}
          </Typography>
        </Box>
      ))}
    </Box>
  )
}
