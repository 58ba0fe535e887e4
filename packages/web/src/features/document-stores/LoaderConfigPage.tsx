import SearchOff from '@mui/icons-material/SearchOff'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink, useParams, useSearchParams } from 'react-router'
import { getStore } from '../../api/documentStores'
import EmptyState from '../../components/EmptyState'
import TableSkeleton from '../../components/list/TableSkeleton'
import LoadError from '../flows/LoadError'
import BackHeader from './BackHeader'
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

  const back = {
    to: `/document-stores/${encodeURIComponent(storeId)}`,
    label: store.data ? `Back to ${store.data.name}` : 'Back to the document store',
  }
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
      <>
        <BackHeader title="Document Loader" back={back} />
        <Card sx={{ borderStyle: 'dashed' }}>
          <EmptyState
            icon={SearchOff}
            title={loader ? 'This loader is no longer in the store' : `There is no document loader named ${name}`}
            description="Go back to the store and add a loader from the list."
          >
            <Button variant="outlined" component={RouterLink} to={back.to}>
              {back.label}
            </Button>
          </EmptyState>
        </Card>
      </>
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
