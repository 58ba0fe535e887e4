import ArrowBack from '@mui/icons-material/ArrowBack'
import ChatOutlined from '@mui/icons-material/ChatOutlined'
import DeleteOutline from '@mui/icons-material/DeleteOutline'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CircularProgress from '@mui/material/CircularProgress'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { errorMessage, type CustomAssistantDetails } from '@weft/core'
import { useMemo, useState, type ReactNode } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router'
import { ApiError } from '../../api/ApiError'
import { deleteAssistant, getAssistant, updateAssistant } from '../../api/assistants'
import { listStores } from '../../api/documentStores'
import { listTools } from '../../api/tools'
import EmptyState from '../../components/EmptyState'
import { useConfirm } from '../../components/confirm/useConfirm'
import { notify } from '../../components/notifications/notify'
import { useNodeCatalogue } from '../canvas/load/useNodeCatalogue'
import LoadError from '../flows/LoadError'
import { useCan } from '../flows/useCan'
import AssistantChat from './AssistantChat'
import { readDetails } from './customDetails'
import { KnowledgeFields, ToolFields } from './KnowledgeFields'
import ModelFields from './ModelFields'

const LIST = '/assistants/custom'

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Stack spacing={1.25}>
      <Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </Box>
      {children}
    </Stack>
  )
}

/** /assistants/custom/{id}: the assistant's form on the left, its chat on the right. */
export default function CustomAssistantPage() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const canUpdate = useCan('assistants:update')
  const canDelete = useCan('assistants:delete')
  const assistant = useQuery({ queryKey: ['assistant', id], queryFn: () => getAssistant(id) })
  const catalogue = useNodeCatalogue()
  const tools = useQuery({ queryKey: ['tools'], queryFn: listTools })
  const stores = useQuery({ queryKey: ['document-stores'], queryFn: listStores })
  const saved = useMemo(() => (assistant.data ? readDetails(assistant.data) : undefined), [assistant.data])
  // Edits belong to the details they started from: once the saved details change, the form shows those.
  const [edit, setEdit] = useState<{ base?: CustomAssistantDetails; draft?: CustomAssistantDetails }>({})
  const draft = edit.base === saved && edit.draft ? edit.draft : saved
  const [saving, setSaving] = useState(false)
  const [problem, setProblem] = useState<string>()

  const models = useMemo(
    () => (catalogue.data ?? []).filter((node) => node.baseClasses.includes('BaseChatModel')),
    [catalogue.data],
  )
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved)
  const change = (patch: Partial<CustomAssistantDetails>) => draft && setEdit({ base: saved, draft: { ...draft, ...patch } })

  const save = async () => {
    if (!draft) return
    if (!draft.name.trim()) return setProblem('Name is required.')
    setSaving(true)
    setProblem(undefined)
    try {
      const updated = await updateAssistant(id, { details: JSON.stringify({ ...draft, name: draft.name.trim() }) })
      queryClient.setQueryData(['assistant', id], updated)
      void queryClient.invalidateQueries({ queryKey: ['assistants'] })
      notify('Assistant saved', 'success')
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  const remove = async () => {
    const confirmed = await confirm({
      title: 'Delete assistant',
      description: `Delete ${saved?.name ?? 'this assistant'}? Its chat history goes with it.`,
      confirmButtonName: 'Delete',
      cancelButtonName: 'Cancel',
    })
    if (!confirmed) return
    try {
      await deleteAssistant(id)
      void queryClient.invalidateQueries({ queryKey: ['assistants'] })
      notify('Assistant deleted', 'success')
      void navigate(LIST)
    } catch (error) {
      notify(errorMessage(error), 'error')
    }
  }

  if (assistant.error instanceof ApiError && assistant.error.status === 404)
    return (
      <Card>
        <EmptyState icon={ChatOutlined} title="Assistant not found" description="It may have been deleted.">
          <Button component={RouterLink} to={LIST} variant="outlined">
            Back to assistants
          </Button>
        </EmptyState>
      </Card>
    )
  if (assistant.isError) return <LoadError what="the assistant" error={assistant.error} onRetry={() => void assistant.refetch()} />
  if (!draft || !saved)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading assistant" />
      </Box>
    )

  return (
    <>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 3 }}>
        <Tooltip title="Back to custom assistants">
          <IconButton component={RouterLink} to={LIST} aria-label="Back to custom assistants">
            <ArrowBack />
          </IconButton>
        </Tooltip>
        <Typography variant="h2" component="h1" noWrap sx={{ flexGrow: 1 }}>
          {saved.name}
        </Typography>
        {canDelete && (
          <Button color="error" variant="outlined" startIcon={<DeleteOutline />} onClick={() => void remove()}>
            Delete
          </Button>
        )}
        {canUpdate && (
          <Button variant="contained" disabled={!dirty} loading={saving} onClick={() => void save()}>
            Save
          </Button>
        )}
      </Stack>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <Card variant="outlined" sx={{ p: 3 }}>
          <Stack spacing={3} divider={<Divider flexItem />}>
            <Section title="Assistant" hint="Its name, and how it should behave.">
              <TextField
                size="small"
                label="Name"
                value={draft.name}
                disabled={!canUpdate}
                onChange={(event) => change({ name: event.target.value })}
              />
              <TextField
                multiline
                minRows={4}
                label="Instructions"
                placeholder="You are a helpful assistant who answers questions about our products…"
                value={draft.instruction}
                disabled={!canUpdate}
                onChange={(event) => change({ instruction: event.target.value })}
              />
            </Section>
            <Section title="Model" hint="The chat model that answers; the built-in model needs no key.">
              {catalogue.isError ? (
                <Alert severity="error">Could not load the models: {errorMessage(catalogue.error)}</Alert>
              ) : (
                <ModelFields models={models} value={draft.chatModel} onChange={(chatModel) => change({ chatModel })} />
              )}
            </Section>
            <Section title="Tools" hint="What the assistant may call while answering.">
              <ToolFields savedTools={tools.data ?? []} value={draft.tools} onChange={(next) => change({ tools: next })} />
            </Section>
            <Section title="Knowledge" hint="Document stores it searches when a question needs them.">
              <KnowledgeFields
                stores={stores.data ?? []}
                value={draft.documentStores}
                onChange={(documentStores) => change({ documentStores })}
              />
            </Section>
            {problem && <Alert severity="error">{problem}</Alert>}
          </Stack>
        </Card>
        {saved.chatflowId ? (
          <AssistantChat key={saved.chatflowId} flowId={saved.chatflowId} name={saved.name} />
        ) : (
          <Card variant="outlined" sx={{ borderStyle: 'dashed', alignSelf: 'start' }}>
            <EmptyState
              icon={ChatOutlined}
              title="Choose a model and save"
              description="Then chat with the assistant here. Changes take effect each time you save."
            />
          </Card>
        )}
      </Box>
      {dirty && saved.chatflowId && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          Unsaved changes: the chat uses the last saved assistant.
        </Typography>
      )}
    </>
  )
}
