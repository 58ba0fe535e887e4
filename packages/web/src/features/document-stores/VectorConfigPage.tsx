import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { getStore } from '../../api/documentStores'
import TableSkeleton from '../../components/list/TableSkeleton'
import LoadError from '../flows/LoadError'
import BackHeader from './BackHeader'
import { backToStore } from './backToStore'
import GoneFromStore from './GoneFromStore'
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
  const back = backToStore(storeId, store.data?.name)

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
      <GoneFromStore
        title="Vector Store"
        heading="This loader is no longer in the store"
        description="Go back to the store to upsert its chunks."
        back={back}
      />
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
