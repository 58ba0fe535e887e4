import Preview from '@mui/icons-material/PreviewOutlined'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { LoaderPreview } from '@weft/core'
import EmptyState from '../../components/EmptyState'
import ChunkCard from './ChunkCard'
import { formatCount } from './numbers'

/** The first chunks the settings make and how many there would be in all; nothing is stored yet. */
export default function PreviewChunks({ preview, loading }: { preview: LoaderPreview | undefined; loading: boolean }) {
  if (loading)
    return (
      <Box role="status" aria-label="Loading the preview">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={120} sx={{ mb: 1.5 }} />
        ))}
      </Box>
    )
  if (!preview)
    return (
      <Card variant="outlined" sx={{ borderStyle: 'dashed' }}>
        <EmptyState
          icon={Preview}
          title="Preview the chunks"
          description="See the first chunks these settings make, and how many there will be, before anything is stored."
        />
      </Card>
    )
  const chunks = Array.isArray(preview.chunks) ? preview.chunks : []
  return (
    <Stack spacing={1.5} component="section" aria-label="Preview">
      <Typography variant="subtitle1" component="h2" role="status">
        Showing {formatCount(chunks.length)} of {formatCount(preview.totalChunks)} chunks
      </Typography>
      {chunks.length === 0 ? (
        <Typography color="text.secondary">These settings make no chunks: the source has no text.</Typography>
      ) : (
        chunks.map((chunk, index) => (
          <ChunkCard key={index} number={index + 1} pageContent={chunk.pageContent} metadata={chunk.metadata} />
        ))
      )}
    </Stack>
  )
}
