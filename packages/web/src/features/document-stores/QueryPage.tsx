import CloudUpload from '@mui/icons-material/CloudUploadOutlined'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'
import { useMutation, useQuery } from '@tanstack/react-query'
import { errorMessage, type DocumentStore, type VectorQueryResult } from '@weft/core'
import { useState } from 'react'
import { Link as RouterLink, useParams } from 'react-router'
import { getStore, queryVectorStore } from '../../api/documentStores'
import EmptyState from '../../components/EmptyState'
import TableSkeleton from '../../components/list/TableSkeleton'
import LoadError from '../flows/LoadError'
import { useCan } from '../flows/useCan'
import BackHeader from './BackHeader'
import { STORE_PERMISSIONS } from './permissions'
import QueryResults from './QueryResults'
import QuerySearchForm, { type QueryFields } from './QuerySearchForm'
import StatusChip from './StatusChip'
import { storeKey } from './storeKeys'
import { useVectorComponents } from './useVectorComponents'
import { hasVectors } from './vectorSettings'

/** The vector store's own Top K when it has one, else Flowise's 4. */
function defaultTopK(store: DocumentStore): number {
  const topK = Number(store.vectorStoreConfig?.config?.topK)
  return Number.isInteger(topK) && topK > 0 ? topK : 4
}

/** /document-stores/query/:storeId: what a query finds in the store's vectors, to tune a store before a flow uses it. */
export default function QueryPage() {
  const { storeId = '' } = useParams()
  const store = useQuery({ queryKey: storeKey(storeId), queryFn: () => getStore(storeId) })
  const { labelOf } = useVectorComponents()
  const canUpsert = useCan(STORE_PERMISSIONS.upsertConfig)
  // The last answer stays on show while the next search runs.
  const [last, setLast] = useState<{ result: VectorQueryResult; filtered: boolean }>()
  const search = useMutation({
    mutationFn: (fields: QueryFields) => queryVectorStore({ storeId, ...fields }),
    onSuccess: (result, fields) => setLast({ result, filtered: fields.filter !== undefined }),
    onError: () => setLast(undefined),
  })
  const storePath = `/document-stores/${encodeURIComponent(storeId)}`
  const back = { to: storePath, label: store.data ? `Back to ${store.data.name}` : 'Back to the document store' }

  const data = store.data
  if (!data)
    return (
      <>
        <BackHeader title="Retrieval Query" back={back} />
        {store.isPending ? (
          <TableSkeleton label="Loading the document store" />
        ) : (
          <LoadError what="the document store" error={store.error} onRetry={() => void store.refetch()} />
        )}
      </>
    )

  const header = (
    <BackHeader title={`Query ${data.name}`} back={back} badge={<StatusChip status={data.status} />}>
      {data.embeddingConfig && data.vectorStoreConfig && (
        <Typography variant="body2" color="text.secondary">
          {labelOf(data.vectorStoreConfig.name)} · {labelOf(data.embeddingConfig.name)}
        </Typography>
      )}
    </BackHeader>
  )
  if (!hasVectors(data))
    return (
      <>
        {header}
        <Card sx={{ borderStyle: 'dashed' }}>
          <EmptyState
            icon={CloudUpload}
            title="Nothing to search yet"
            description={
              canUpsert
                ? 'Upsert this store’s chunks into a vector store first; then try queries here.'
                : 'This store’s chunks are not in a vector store yet; someone who may upsert them has to do it first.'
            }
          >
            {canUpsert && (
              <Button
                variant="contained"
                component={RouterLink}
                to={`/document-stores/vector/${encodeURIComponent(storeId)}`}
              >
                Set up the upsert
              </Button>
            )}
          </EmptyState>
        </Card>
      </>
    )

  return (
    <>
      {header}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 4fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <Card variant="outlined">
          <CardContent>
            <QuerySearchForm
              defaultTopK={defaultTopK(data)}
              searching={search.isPending}
              onSearch={(fields) => search.mutate(fields)}
            />
          </CardContent>
        </Card>
        <Box sx={{ minWidth: 0, opacity: search.isPending ? 0.6 : 1 }} aria-busy={search.isPending}>
          {search.error ? (
            <Alert severity="error">
              <AlertTitle>The query failed</AlertTitle>
              {errorMessage(search.error)}
            </Alert>
          ) : (
            <QueryResults
              result={last?.result}
              filtered={last?.filtered ?? false}
              loaders={Array.isArray(data.loaders) ? data.loaders : []}
            />
          )}
        </Box>
      </Box>
    </>
  )
}
