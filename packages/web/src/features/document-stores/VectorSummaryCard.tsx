import CloudUpload from '@mui/icons-material/CloudUploadOutlined'
import Search from '@mui/icons-material/Search'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { DocumentStore, DocumentStoreJob } from '@weft/core'
import { Link as RouterLink } from 'react-router'
import JobProgress from './JobProgress'
import { useVectorComponents } from './useVectorComponents'
import { hasVectors } from './vectorSettings'

interface VectorSummaryCardProps {
  store: DocumentStore
  /** The upsert running now, if any. */
  upserting: DocumentStoreJob | undefined
  /** Whether the user may configure and start upserts. */
  canUpsert: boolean
}

/** Where a store's vectors go (embeddings and vector store), an upsert's progress, and the ways to upsert and query. */
export default function VectorSummaryCard({ store, upserting, canUpsert }: VectorSummaryCardProps) {
  const { labelOf } = useVectorComponents()
  const id = encodeURIComponent(store.id)
  const configured = store.embeddingConfig && store.vectorStoreConfig
  const queryable = hasVectors(store)
  return (
    <Card variant="outlined" component="section" aria-label="Vector store" sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5, '&:last-child': { pb: 2 } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          alignItems={{ xs: 'flex-start', md: 'center' }}
          justifyContent="space-between"
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              Vector store
            </Typography>
            {configured ? (
              <Typography variant="body2" color="text.secondary">
                {labelOf(store.vectorStoreConfig?.name ?? '')} · embedded with{' '}
                {labelOf(store.embeddingConfig?.name ?? '')}
                {store.recordManagerConfig ? ' · skips unchanged chunks' : ''}
              </Typography>
            ) : (
              <Typography variant="body2" color="text.secondary">
                Not set up yet: upsert the chunks into a vector store so flows and queries can search them.
              </Typography>
            )}
          </Box>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            <Button
              variant="outlined"
              startIcon={<Search />}
              component={RouterLink}
              to={`/document-stores/query/${id}`}
              disabled={!queryable}
            >
              Retrieval Query
            </Button>
            {canUpsert && (
              <Button
                variant="contained"
                startIcon={<CloudUpload />}
                component={RouterLink}
                to={`/document-stores/vector/${id}`}
                disabled={store.totalChunks === 0}
              >
                Upsert All Chunks
              </Button>
            )}
          </Stack>
        </Stack>
        {upserting && <JobProgress job={upserting} label="Upserting" />}
      </CardContent>
    </Card>
  )
}
