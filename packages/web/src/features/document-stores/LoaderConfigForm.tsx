import PlayArrow from '@mui/icons-material/PlayArrow'
import Preview from '@mui/icons-material/PreviewOutlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useQueryClient } from '@tanstack/react-query'
import {
  errorMessage,
  type DocumentStore,
  type DocumentStoreLoader,
  type InputParam,
  type LoaderPreview,
  type LoaderSettings,
  type NodeDescriptor,
} from '@weft/core'
import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { previewLoader, processLoader, saveLoader } from '../../api/documentStores'
import { notify } from '../../components/notifications/notify'
import InputField from '../canvas/node/inputs/InputField'
import { useCan } from '../flows/useCan'
import BackHeader from './BackHeader'
import {
  initialDraft,
  metadataOf,
  missingInput,
  nodeParams,
  toLoaderSettings,
  type LoaderDraft,
} from './loaderSettings'
import MetadataRows from './MetadataRows'
import NodeSettings from './NodeSettings'
import { STORE_PERMISSIONS } from './permissions'
import PreviewChunks from './PreviewChunks'
import SettingsSection from './SettingsSection'
import { STORES_KEY } from './storeKeys'

interface LoaderConfigFormProps {
  store: DocumentStore
  loader: NodeDescriptor
  splitters: NodeDescriptor[]
  /** The saved loader being changed; absent for a new one. */
  saved?: DocumentStoreLoader | undefined
  back: { to: string; label: string }
}

export const PREVIEW_COUNTS = [10, 20, 50, 100]

// The page's own fields, drawn like the node settings around them.
const OMIT_PARAM: InputParam = {
  label: 'Metadata keys to omit',
  name: 'omitMetadataKeys',
  type: 'string',
  optional: true,
  placeholder: 'source, row',
  description: "Comma separated; * leaves out all of the loader's own metadata.",
}

const splitterParamOf = (splitters: readonly NodeDescriptor[]): InputParam => ({
  label: 'Text Splitter',
  name: 'splitter',
  type: 'options',
  optional: true,
  placeholder: 'None: each document is one chunk',
  description: 'How documents are cut into chunks.',
  options: [
    { label: 'None', name: '', description: 'Each document is one chunk.' },
    ...splitters.map((node) => ({ label: node.label, name: node.name, description: node.description })),
  ],
})

/** A loader's settings, its splitter and metadata, a preview of the chunks they make, and Process. */
export default function LoaderConfigForm({ store, loader, splitters, saved, back }: LoaderConfigFormProps) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const canProcess = useCan(STORE_PERMISSIONS.process)
  const [draft, setDraft] = useState<LoaderDraft>(() => initialDraft(loader, splitters, saved))
  const [previewCount, setPreviewCount] = useState(20)
  const [previewing, setPreviewing] = useState(false)
  const [preview, setPreview] = useState<LoaderPreview>()
  const [processing, setProcessing] = useState(false)
  const [problem, setProblem] = useState<string>()

  const splitter = splitters.find((node) => node.name === draft.splitterName)
  const splitterParam = useMemo(() => splitterParamOf(splitters), [splitters])
  const update = (change: Partial<LoaderDraft>) => setDraft((current) => ({ ...current, ...change }))

  const chooseSplitter = (name: string) => {
    const next = splitters.find((node) => node.name === name)
    update({ splitterName: name, splitterConfig: next ? nodeParams(next).defaults : {} })
  }

  /** The request body, or undefined after saying what is missing. */
  const settings = (): LoaderSettings | undefined => {
    const missing =
      missingInput(nodeParams(loader).params, draft.loaderConfig, draft.files) ??
      (splitter ? missingInput(nodeParams(splitter).params, draft.splitterConfig, []) : undefined)
    const metadata = metadataOf(draft.metadata)
    const error = missing ?? ('error' in metadata ? metadata.error : undefined)
    setProblem(error)
    if (error || 'error' in metadata) return undefined
    return toLoaderSettings({
      storeId: store.id,
      loaderId: saved?.id,
      loader,
      splitter,
      draft,
      metadata: metadata.metadata,
    })
  }

  const runPreview = async () => {
    const body = settings()
    if (!body) return
    setPreviewing(true)
    try {
      setPreview(await previewLoader({ ...body, previewChunkCount: previewCount }))
    } catch (error) {
      setPreview(undefined)
      setProblem(`Preview failed: ${errorMessage(error)}`)
    } finally {
      setPreviewing(false)
    }
  }

  const runProcess = async () => {
    const body = settings()
    if (!body) return
    setProcessing(true)
    try {
      const loaderRow = await saveLoader(body)
      await processLoader(loaderRow.id)
      notify(`Processing ${loader.label}`, 'success')
      await queryClient.invalidateQueries({ queryKey: [STORES_KEY] })
      navigate(back.to)
    } catch (error) {
      setProblem(`Could not process: ${errorMessage(error)}`)
      setProcessing(false)
    }
  }

  const busy = processing || previewing
  return (
    <>
      <BackHeader title={saved ? `Edit ${loader.label}` : `Add ${loader.label}`} back={back}>
        <Typography variant="body2" color="text.secondary">
          {loader.description}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Document store: {store.name}
        </Typography>
      </BackHeader>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 5fr) minmax(0, 6fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2}>
          <SettingsSection title={`${loader.label} settings`}>
            <NodeSettings
              node={loader}
              values={draft.loaderConfig}
              onChange={(loaderConfig) => update({ loaderConfig })}
              files={{ storeId: store.id, chosen: draft.files, onChange: (files) => update({ files }) }}
              disabled={processing}
            />
          </SettingsSection>
          <SettingsSection title="Text splitter">
            <InputField
              param={splitterParam}
              value={draft.splitterName}
              onChange={(name) => chooseSplitter(String(name ?? ''))}
              nodeId="documentStoreSplitter"
              nodeName="documentStoreSplitter"
              inputs={{}}
              disabled={processing}
            />
            {splitter && (
              <NodeSettings
                node={splitter}
                values={draft.splitterConfig}
                onChange={(splitterConfig) => update({ splitterConfig })}
                disabled={processing}
              />
            )}
          </SettingsSection>
          <SettingsSection title="Metadata">
            <Typography variant="body2" color="text.secondary">
              Added to every chunk, beside what the loader records (such as the file name or row).
            </Typography>
            <MetadataRows rows={draft.metadata} onChange={(metadata) => update({ metadata })} disabled={processing} />
            <InputField
              param={OMIT_PARAM}
              value={draft.omitMetadataKeys}
              onChange={(keys) => update({ omitMetadataKeys: String(keys ?? '') })}
              nodeId="documentStoreMetadata"
              nodeName="documentStoreMetadata"
              inputs={{}}
              disabled={processing}
            />
          </SettingsSection>
          {problem && (
            <Alert severity="error" onClose={() => setProblem(undefined)}>
              {problem}
            </Alert>
          )}
          <Stack direction="row" spacing={1.5} alignItems="center" useFlexGap flexWrap="wrap">
            <TextField
              select
              size="small"
              label="Chunks to show"
              value={previewCount}
              onChange={(event) => setPreviewCount(Number(event.target.value))}
              sx={{ width: 140 }}
            >
              {PREVIEW_COUNTS.map((count) => (
                <MenuItem key={count} value={count}>
                  {count}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              startIcon={<Preview />}
              loading={previewing}
              disabled={busy}
              onClick={() => void runPreview()}
            >
              Preview
            </Button>
            {canProcess && (
              <Button
                variant="contained"
                startIcon={<PlayArrow />}
                loading={processing}
                disabled={busy}
                onClick={() => void runProcess()}
              >
                Process
              </Button>
            )}
          </Stack>
        </Stack>
        <PreviewChunks preview={preview} loading={previewing} />
      </Box>
    </>
  )
}
