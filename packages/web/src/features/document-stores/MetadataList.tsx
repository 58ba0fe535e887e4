import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { MetadataEntry } from './foundChunks'

/** Metadata as a list of keys and values, each value on its own line beside its key. */
export default function MetadataList({ entries, label }: { entries: MetadataEntry[]; label: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.25,
      }}
    >
      {entries.map(({ key, value }) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {key}
          </Typography>
          <Typography component="dd" variant="caption" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  )
}
