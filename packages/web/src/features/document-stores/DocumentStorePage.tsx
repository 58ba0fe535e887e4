import Add from '@mui/icons-material/Add'
import NoteAdd from '@mui/icons-material/NoteAddOutlined'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { errorMessage, type DocumentStoreJob, type DocumentStoreLoader } from '@weft/core'
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { cancelJob, deleteLoader, getStore, processLoader } from '../../api/documentStores'
import { useConfirm } from '../../components/confirm/useConfirm'
import EmptyState from '../../components/EmptyState'
import TableSkeleton from '../../components/list/TableSkeleton'
import { notify } from '../../components/notifications/notify'
import LoadError, { RefreshError } from '../flows/LoadError'
import { useCan } from '../flows/useCan'
import BackHeader from './BackHeader'
import LoaderPickerDialog from './LoaderPickerDialog'
import LoaderTable from './LoaderTable'
import { formatCount } from './numbers'
import { STORE_PERMISSIONS } from './permissions'
import StatusChip from './StatusChip'
import { jobsKey, storeKey, STORES_KEY } from './storeKeys'
import UpsertHistory from './UpsertHistory'
import { useStoreJobs } from './useStoreJobs'
import { runningUpsert } from './useUpsertJob'
import VectorSummaryCard from './VectorSummaryCard'

const BACK = { to: '/document-stores', label: 'Back to document stores' }

/** /document-stores/:storeId: a store's loaders, their status and the progress of their processing. */
export default function DocumentStorePage() {
  const { storeId = '' } = useParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const confirm = useConfirm()
  const canAdd = useCan(STORE_PERMISSIONS.addLoader)
  const canProcess = useCan(STORE_PERMISSIONS.process)
  const canDelete = useCan(STORE_PERMISSIONS.deleteLoader)
  const canUpsert = useCan(STORE_PERMISSIONS.upsertConfig)
  const [picking, setPicking] = useState(false)
  const store = useQuery({ queryKey: storeKey(storeId), queryFn: () => getStore(storeId) })
  const jobs = useStoreJobs(storeId)

  // Each change is followed by a fresh look at the store and its jobs, whether it worked or not.
  const change = async (call: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await call()
      notify(done, 'success')
    } catch (error) {
      notify(`${failed}: ${errorMessage(error)}`, 'error')
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: storeKey(storeId) }),
        queryClient.invalidateQueries({ queryKey: jobsKey(storeId) }),
      ])
    }
  }

  const process = (loader: DocumentStoreLoader) =>
    void change(() => processLoader(loader.id), `Processing ${loader.loaderName}`, 'Could not start processing')

  const cancel = (job: DocumentStoreJob) =>
    void change(() => cancelJob(job.id), 'Processing cancelled; the previous chunks are kept', 'Could not cancel')

  const remove = async (loader: DocumentStoreLoader) => {
    const confirmed = await confirm({
      title: 'Delete document loader',
      description: `Delete ${loader.loaderName} and its ${formatCount(loader.totalChunks)} chunks?`,
      confirmButtonName: 'Delete',
    })
    if (!confirmed) return
    await change(() => deleteLoader(storeId, loader.id), `${loader.loaderName} deleted`, 'Failed to delete loader')
    // The store list shows loader and chunk counts too.
    await queryClient.invalidateQueries({ queryKey: [STORES_KEY] })
  }

  const data = store.data
  const addButton = canAdd ? (
    <Button variant="contained" startIcon={<Add />} onClick={() => setPicking(true)}>
      Add Document Loader
    </Button>
  ) : null

  if (!data)
    return (
      <>
        <BackHeader title="Document Store" back={BACK} />
        {store.isPending ? (
          <TableSkeleton label="Loading document store" />
        ) : (
          <LoadError what="the document store" error={store.error} onRetry={() => void store.refetch()} />
        )}
      </>
    )

  const loaders = Array.isArray(data.loaders) ? data.loaders : []
  return (
    <>
      <BackHeader
        title={data.name}
        back={BACK}
        badge={<StatusChip status={data.status} />}
        actions={loaders.length > 0 ? addButton : null}
      >
        {data.description && (
          <Typography variant="body2" color="text.secondary">
            {data.description}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {formatCount(loaders.length)} {loaders.length === 1 ? 'loader' : 'loaders'} ·{' '}
          {formatCount(data.totalChunks)} chunks · {formatCount(data.totalChars)} characters
        </Typography>
      </BackHeader>
      {store.error && <RefreshError what="the document store" error={store.error} onRetry={() => void store.refetch()} />}
      {loaders.length > 0 && (
        <VectorSummaryCard store={data} upserting={runningUpsert(jobs.jobs)} canUpsert={canUpsert} />
      )}
      {loaders.length === 0 ? (
        <Card sx={{ borderStyle: 'dashed' }}>
          <EmptyState
            icon={NoteAdd}
            title="No document loaders yet"
            description="Add a loader to bring files or text into this store; it cuts them into chunks your flows search."
          >
            {addButton}
          </EmptyState>
        </Card>
      ) : (
        <LoaderTable
          storeId={storeId}
          loaders={loaders}
          jobs={jobs.byLoader}
          actions={{
            canEdit: canAdd,
            process: canProcess ? process : undefined,
            cancel: canProcess ? cancel : undefined,
            remove: canDelete ? (loader) => void remove(loader) : undefined,
            upsert: canUpsert
              ? (loader) =>
                  navigate(`/document-stores/vector/${encodeURIComponent(storeId)}/${encodeURIComponent(loader.id)}`)
              : undefined,
          }}
        />
      )}
      {loaders.length > 0 && <UpsertHistory storeId={storeId} />}
      {picking && (
        <LoaderPickerDialog
          onClose={() => setPicking(false)}
          onPick={(loader) =>
            navigate(`/document-stores/${encodeURIComponent(storeId)}/${encodeURIComponent(loader.name)}`)
          }
        />
      )}
    </>
  )
}
