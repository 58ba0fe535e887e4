import SearchOff from '@mui/icons-material/SearchOff'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink, useParams } from 'react-router'
import { getStore } from '../../api/documentStores'
import EmptyState from '../../components/EmptyState'
import TableSkeleton from '../../components/list/TableSkeleton'
import LoadError from '../flows/LoadError'
import BackHeader from './BackHeader'
import { storeKey } from './storeKeys'
import { useVectorComponents } from './useVectorComponents'
import VectorConfigForm from './VectorConfigForm'

/**
 * /document-stores/vector/:storeId: how a store's chunks are embedded and where the vectors go, and
 * the upsert itself; /document-stores/vector/:storeId/:docId upserts only that loader's chunks.
 */
export default function VectorConfigPage() {
  const { storeId = '', docId } = useParams()
  const store = useQuery({ queryKey: storeKey(storeId), queryFn: () => getStore(storeId) })
  const components = useVectorComponents()
  const back = {
    to: `/document-stores/${encodeURIComponent(storeId)}`,
    label: store.data ? `Back to ${store.data.name}` : 'Back to the document store',
  }

  if (store.isPending || components.isPending)
    return (
      <>
        <BackHeader title="Vector Store" back={back} />
        <TableSkeleton label="Loading the vector store settings" />
      </>
    )
  if (!store.data || components.error) {
    return (
      <>
        <BackHeader title="Vector Store" back={back} />
        <LoadError
          what={store.data ? 'the embeddings and vector stores' : 'the document store'}
          error={store.error ?? components.error}
          onRetry={() => void (store.data ? components.refetch() : store.refetch())}
        />
      </>
    )
  }
  const loader = docId ? store.data.loaders?.find((item) => item.id === docId) : undefined
  if (docId && !loader)
    return (
      <>
        <BackHeader title="Vector Store" back={back} />
        <Card sx={{ borderStyle: 'dashed' }}>
          <EmptyState
            icon={SearchOff}
            title="This loader is no longer in the store"
            description="Go back to the store to upsert its chunks."
          >
            <Button variant="outlined" component={RouterLink} to={back.to}>
              {back.label}
            </Button>
          </EmptyState>
        </Card>
      </>
    )
  return (
    <VectorConfigForm
      key={`${storeId}/${docId ?? ''}`}
      store={store.data}
      loader={loader}
      embeddings={components.embeddings}
      vectorStores={components.vectorStores}
      back={back}
    />
  )
}
