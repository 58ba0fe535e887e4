import ChatOutlined from '@mui/icons-material/ChatOutlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Divider from '@mui/material/Divider'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { errorMessage, PROVIDER_LABELS, type Assistant, type ProviderAssistantType } from '@weft/core'
import { useId, useState } from 'react'
import { createAssistant, updateAssistant } from '../../api/assistants'
import EmptyState from '../../components/EmptyState'
import { useConfirm } from '../../components/confirm/useConfirm'
import AssistantChat from './AssistantChat'
import AssistantToolFields from './AssistantToolFields'
import ProviderAssistantFields from './ProviderAssistantFields'
import { bodyOfForm, checkForm, formOfAssistant, type FormErrors, type ProviderAssistantForm } from './providerForm'

interface ProviderAssistantDialogProps {
  type: ProviderAssistantType
  /** The saved assistant; absent for a new one. */
  assistant?: Assistant | undefined
  /** A new assistant's form (empty, or loaded from the provider). */
  initial: ProviderAssistantForm
  /** Without assistants:update (or :create for a new one) the assistant is shown, not edited. */
  readOnly: boolean
  /** Asks and deletes; absent without assistants:delete. */
  onDelete?: (() => void) | undefined
  /** Told of the saved assistant; the dialog stays open on it, with its chat. */
  onSaved: (assistant: Assistant) => void
  onClose: () => void
}

/** An OpenAI or Azure assistant's form, saved to the provider, beside a chat with the saved assistant. */
export default function ProviderAssistantDialog({
  type,
  assistant,
  initial,
  readOnly,
  onDelete,
  onSaved,
  onClose,
}: ProviderAssistantDialogProps) {
  const titleId = useId()
  const confirm = useConfirm()
  const [saved, setSaved] = useState(initial)
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<FormErrors>({})
  const [saving, setSaving] = useState(false)
  const [problem, setProblem] = useState<string>()
  const changed = JSON.stringify(form) !== JSON.stringify(saved)
  const provider = PROVIDER_LABELS[type]
  const update = (patch: Partial<ProviderAssistantForm>) => setForm((current) => ({ ...current, ...patch }))

  const save = async () => {
    const found = checkForm(form, type)
    setErrors(found)
    if (Object.keys(found).length) return
    setSaving(true)
    setProblem(undefined)
    try {
      const body = bodyOfForm(form, type)
      const result = assistant ? await updateAssistant(assistant.id, body) : await createAssistant(body)
      const next = formOfAssistant(result)
      setSaved(next)
      setForm(next)
      onSaved(result)
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  const close = async () => {
    const leave =
      !changed ||
      (await confirm({
        title: 'Discard changes?',
        description: `${form.name || 'This assistant'} has changes that are not saved. Close and lose them?`,
        confirmButtonName: 'Discard',
      }))
    if (leave) onClose()
  }

  const title = !assistant ? `Add ${provider} Assistant` : readOnly ? saved.name : `Edit ${saved.name}`
  return (
    <Dialog open onClose={() => void close()} fullWidth maxWidth="lg" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
          <Stack spacing={3} divider={<Divider flexItem />}>
            <ProviderAssistantFields type={type} form={form} update={update} errors={errors} disabled={readOnly} />
            <Stack spacing={1}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                Tools
              </Typography>
              <AssistantToolFields form={form} update={update} disabled={readOnly} />
            </Stack>
            {problem && <Alert severity="error">{problem}</Alert>}
          </Stack>
          {saved.chatflowId ? (
            <AssistantChat key={saved.chatflowId} flowId={saved.chatflowId} name={saved.name} />
          ) : (
            <Card variant="outlined" sx={{ borderStyle: 'dashed', alignSelf: 'start' }}>
              <EmptyState
                icon={ChatOutlined}
                title="Save to chat"
                description={`Saving creates the assistant at ${provider}; then chat with it here.`}
              />
            </Card>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        {assistant && onDelete && (
          <Button color="error" onClick={onDelete} sx={{ mr: 'auto' }}>
            Delete
          </Button>
        )}
        <Button color="inherit" onClick={() => void close()}>
          {readOnly ? 'Close' : 'Cancel'}
        </Button>
        {!readOnly && (
          <Button
            variant="contained"
            loading={saving}
            disabled={assistant !== undefined && !changed}
            onClick={() => void save()}
          >
            Save
          </Button>
        )}
      </DialogActions>
    </Dialog>
  )
}
