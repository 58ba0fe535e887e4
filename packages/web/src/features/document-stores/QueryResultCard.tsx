import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { FoundChunk } from '@weft/core'
import FoldedText from './FoldedText'
import { formatScore, metadataEntries } from './foundChunks'
import MetadataList from './MetadataList'

interface QueryResultCardProps {
  /** Its place among the results, from 1. */
  rank: number
  chunk: FoundChunk
  source: string | undefined
}

/** One found chunk: its rank, similarity score and source, its text and its metadata. */
export default function QueryResultCard({ rank, chunk, source }: QueryResultCardProps) {
  // The source heads the card; the list does not say it twice.
  const entries = metadataEntries(chunk.metadata).filter((entry) => entry.key !== 'source' || entry.value !== source)
  return (
    <Card variant="outlined" component="article" aria-label={`Result ${rank}`}>
      <CardContent sx={{ display: 'grid', gap: 1.5, '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
          <Typography variant="subtitle2">#{rank}</Typography>
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            label={`Score ${formatScore(chunk.score)}`}
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          />
          {source && (
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {source}
            </Typography>
          )}
        </Stack>
        <FoldedText text={chunk.pageContent} />
        {entries.length > 0 && <MetadataList entries={entries} label={`Metadata of result ${rank}`} />}
      </CardContent>
    </Card>
  )
}
