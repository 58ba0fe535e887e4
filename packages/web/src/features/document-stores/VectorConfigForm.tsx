import CloudUpload from '@mui/icons-material/CloudUploadOutlined'
import DeleteSweep from '@mui/icons-material/DeleteSweepOutlined'
import Save from '@mui/icons-material/SaveOutlined'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQueryClient } from '@tanstack/react-query'
import { errorMessage, type DocumentStore, type DocumentStoreLoader, type NodeDescriptor } from '@weft/core'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { cancelJob, deleteVectorData, insertIntoVectorStore, saveVectorConfig } from '../../api/documentStores'
import { useConfirm } from '../../components/confirm/useConfirm'
import { notify } from '../../components/notifications/notify'
import { useCan } from '../flows/useCan'
import BackHeader from './BackHeader'
import NodeChoiceSection from './NodeChoiceSection'
import { formatCount } from './numbers'
import { STORE_PERMISSIONS } from './permissions'
import RecordManagerSection from './RecordManagerSection'
import StatusChip from './StatusChip'
import { jobsKey, storeKey, STORES_KEY } from './storeKeys'
import UpsertDialog from './UpsertDialog'
import { useUpsertJob } from './useUpsertJob'
import { initialVectorDraft, missingVectorInput, toVectorStoreSettings, type VectorDraft } from './vectorSettings'

interface VectorConfigFormProps {
  store: DocumentStore
  /** The one loader to upsert (/document-stores/vector/:storeId/:docId); absent: all of them. */
  loader?: DocumentStoreLoader | undefined
  embeddings: NodeDescriptor[]
  vectorStores: NodeDescriptor[]
  back: { to: string; label: string }
}

type Busy = 'save' | 'upsert' | 'delete' | 'cancel'

/** A failure to show as the server worded it, under a title saying what failed. */
interface Problem {
  title: string
  message: string
}

/** The embedding, vector store and record manager a store upserts with; Save Config, Upsert, delete the vectors. */
export default function VectorConfigForm({ store, loader, embeddings, vectorStores, back }: VectorConfigFormProps) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const confirm = useConfirm()
  const canChange = useCan(STORE_PERMISSIONS.upsertConfig)
  const [draft, setDraft] = useState<VectorDraft>(() => initialVectorDraft(store, embeddings, vectorStores))
  const [problem, setProblem] = useState<Problem>()
  const [busy, setBusy] = useState<Busy>()
  const upsert = useUpsertJob(store.id)
  const update = (change: Partial<VectorDraft>) => setDraft((current) => ({ ...current, ...change }))
  const queryPath = `/document-stores/query/${encodeURIComponent(store.id)}`

  // The store's status, its jobs and the list's chips all follow a change, whether it worked or not.
  const refresh = () => queryClient.invalidateQueries({ queryKey: [STORES_KEY] })

  /** Runs a change, showing the server's own words when it fails. */
  const attempt = async (kind: Busy, failed: string, call: () => Promise<void>) => {
    setBusy(kind)
    setProblem(undefined)
    try {
      await call()
    } catch (error) {
      setProblem({ title: failed, message: errorMessage(error) })
    } finally {
      setBusy(undefined)
      await refresh()
    }
  }

  const settings = () => {
    const missing = missingVectorInput(draft, embeddings, vectorStores)
    if (missing) {
      setProblem({ title: 'Something is missing', message: missing })
      return undefined
    }
    return toVectorStoreSettings(store.id, draft)
  }

  const save = () => {
    const body = settings()
    if (body)
      void attempt('save', 'Could not save the config', async () => {
        queryClient.setQueryData(storeKey(store.id), await saveVectorConfig(body))
        notify('Vector store config saved', 'success')
      })
  }

  const start = () => {
    const body = settings()
    if (body)
      void attempt('upsert', 'Could not start the upsert', async () =>
        upsert.show(await insertIntoVectorStore({ ...body, ...(loader ? { docId: loader.id } : {}) })),
      )
  }

  // The dialog covers the page: a failure to cancel shows as a notice instead.
  const cancel = async (jobId: string) => {
    setBusy('cancel')
    try {
      await cancelJob(jobId)
      await queryClient.invalidateQueries({ queryKey: jobsKey(store.id) })
    } catch (error) {
      notify(`Could not cancel the upsert: ${errorMessage(error)}`, 'error')
    } finally {
      setBusy(undefined)
    }
  }

  const removeVectors = async () => {
    const confirmed = await confirm({
      title: 'Delete vector data',
      description: `Delete the vectors of ${store.name} from its vector store? Its chunks stay here; flows find nothing in it until you upsert again.`,
      confirmButtonName: 'Delete',
    })
    if (confirmed)
      await attempt('delete', 'Could not delete the vector data', async () => {
        queryClient.setQueryData(storeKey(store.id), await deleteVectorData(store.id))
        notify('Vector data deleted', 'success')
      })
  }

  const locked = !canChange || busy !== undefined || upsert.running !== undefined
  const chunks = loader ? loader.totalChunks : store.totalChunks
  return (
    <>
      <BackHeader
        title={loader ? `Upsert ${loader.loaderName}` : `Upsert ${store.name}`}
        back={back}
        badge={<StatusChip status={store.status} />}
      >
        <Typography variant="body2" color="text.secondary">
          {loader
            ? `Only the ${formatCount(chunks)} chunks of ${loader.loaderName} are upserted; the store's other loaders stay as they are.`
            : `All ${formatCount(chunks)} chunks of ${store.name} are embedded and written into the vector store.`}
        </Typography>
      </BackHeader>
      <Stack spacing={2}>
        {!canChange && (
          <Alert severity="info">
            You can see this configuration, but changing it and upserting need more permissions.
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <NodeChoiceSection
            title="Embeddings"
            description="Turns each chunk into a vector; a query is turned into one the same way."
            pickerLabel="Embeddings to use"
            nodes={embeddings}
            choice={draft.embedding}
            onChange={(embedding) => update({ embedding })}
            disabled={locked}
          />
          <NodeChoiceSection
            title="Vector Store"
            description="Keeps the vectors, and finds those closest to a query."
            pickerLabel="Vector store to use"
            nodes={vectorStores}
            choice={draft.vectorStore}
            onChange={(vectorStore) => update({ vectorStore })}
            disabled={locked}
          />
        </Box>
        <RecordManagerSection
          checked={draft.skipUnchanged}
          onChange={(skipUnchanged) => update({ skipUnchanged })}
          disabled={locked}
        />
        {upsert.running && !upsert.job && (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" onClick={() => upsert.running && upsert.show(upsert.running)}>
                Show progress
              </Button>
            }
          >
            An upsert is running; the settings can change once it ends.
          </Alert>
        )}
        {problem && (
          <Alert severity="error" onClose={() => setProblem(undefined)}>
            <AlertTitle>{problem.title}</AlertTitle>
            {problem.message}
          </Alert>
        )}
        {canChange && (
          <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap" alignItems="center">
            {store.vectorStoreConfig && (
              <Button
                color="error"
                startIcon={<DeleteSweep />}
                loading={busy === 'delete'}
                disabled={locked}
                onClick={() => void removeVectors()}
              >
                Delete vector data
              </Button>
            )}
            <Box sx={{ flexGrow: 1 }} />
            <Button variant="outlined" startIcon={<Save />} loading={busy === 'save'} disabled={locked} onClick={save}>
              Save Config
            </Button>
            <Button
              variant="contained"
              startIcon={<CloudUpload />}
              loading={busy === 'upsert'}
              disabled={locked}
              onClick={start}
            >
              Upsert
            </Button>
          </Stack>
        )}
      </Stack>
      {upsert.job && (
        <UpsertDialog
          storeId={store.id}
          job={upsert.job}
          onCancel={canChange ? () => void cancel(upsert.job?.id ?? '') : undefined}
          cancelling={busy === 'cancel'}
          onQuery={() => navigate(queryPath)}
          onClose={upsert.close}
        />
      )}
    </>
  )
}
