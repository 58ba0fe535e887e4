import { useQuery } from '@tanstack/react-query'
import { useParams, useSearchParams } from 'react-router'
import { getStore } from '../../api/documentStores'
import TableSkeleton from '../../components/list/TableSkeleton'
import LoadError from '../flows/LoadError'
import BackHeader from './BackHeader'
import { backToStore } from './backToStore'
import GoneFromStore from './GoneFromStore'
import LoaderConfigForm from './LoaderConfigForm'
import { storeKey } from './storeKeys'
import { useCatalogueNodes } from './useCatalogueNodes'

/**
 * /document-stores/:storeId/:name: the settings of a loader of node `name`, new, or saved when
 * `?loader=<id>` names one of the store's loaders.
 */
export default function LoaderConfigPage() {
  const { storeId = '', name = '' } = useParams()
  const [search] = useSearchParams()
  const savedId = search.get('loader') ?? undefined
  const store = useQuery({ queryKey: storeKey(storeId), queryFn: () => getStore(storeId) })
  const catalogue = useCatalogueNodes()

  const back = backToStore(storeId, store.data?.name)
  const loader = catalogue.loaders.find((node) => node.name === name)
  const saved = savedId ? store.data?.loaders?.find((item) => item.id === savedId) : undefined

  if (store.isPending || catalogue.isPending)
    return (
      <>
        <BackHeader title={loader?.label ?? 'Document Loader'} back={back} />
        <TableSkeleton label="Loading the loader settings" />
      </>
    )
  if (!store.data || catalogue.error) {
    const error = store.error ?? catalogue.error
    return (
      <>
        <BackHeader title="Document Loader" back={back} />
        <LoadError
          what={store.error ? 'the document store' : 'the document loaders'}
          error={error}
          onRetry={() => void (store.error ? store.refetch() : catalogue.refetch())}
        />
      </>
    )
  }
  if (!loader || (savedId && !saved))
    return (
      <GoneFromStore
        title="Document Loader"
        heading={loader ? 'This loader is no longer in the store' : `There is no document loader named ${name}`}
        description="Go back to the store and add a loader from the list."
        back={back}
      />
    )
  return (
    <LoaderConfigForm
      key={savedId ?? name}
      store={store.data}
      loader={loader}
      splitters={catalogue.splitters}
      saved={saved}
      back={back}
    />
  )
}
