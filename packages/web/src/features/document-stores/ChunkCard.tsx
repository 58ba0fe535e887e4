import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { formatCount } from './numbers'

interface ChunkCardProps {
  /** Counted from 1, as people count. */
  number: number
  pageContent: string
  metadata: Record<string, unknown>
  /** Buttons at the top right (edit, delete). */
  actions?: ReactNode
}

const metadataText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** One chunk: its number, size, text and metadata. */
export default function ChunkCard({ number, pageContent, metadata, actions }: ChunkCardProps) {
  const entries = Object.entries(metadata ?? {})
  return (
    <Card variant="outlined" component="article" aria-label={`Chunk ${number}`}>
      <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 } }}>
        <Stack direction="row" alignItems="center" spacing={1}>
          <Typography variant="subtitle2">#{number}</Typography>
          <Typography variant="caption" color="text.secondary">
            {formatCount(pageContent.length)} characters
          </Typography>
          {actions && <Box sx={{ ml: 'auto !important', display: 'flex' }}>{actions}</Box>}
        </Stack>
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 240, overflow: 'auto' }}
        >
          {pageContent}
        </Typography>
        {entries.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label="Metadata" role="list">
            {entries.map(([key, value]) => (
              <Chip
                key={key}
                role="listitem"
                size="small"
                variant="outlined"
                label={`${key}: ${metadataText(value)}`}
                sx={{ maxWidth: '100%', fontFamily: 'monospace', fontSize: 12 }}
              />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  )
}
