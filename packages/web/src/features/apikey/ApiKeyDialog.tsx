import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { API_KEY_PERMISSIONS, type ApiKey } from '@weft/core'
import { useId, useState } from 'react'
import type { ApiKeyBody } from '../../api/apiKeys'
import FormField from '../../components/form/FormField'
import { useForm } from '../../components/form/useForm'
import { required } from '../../components/form/validators'
import FlowPicker from './FlowPicker'
import PermissionPicker from './PermissionPicker'
import { useBindableFlows } from './useBindableFlows'

interface ApiKeyDialogProps {
  title: string
  /** The label of the button that saves, e.g. "Create" or "Save". */
  submitLabel: string
  /** The key being edited; absent when creating one. */
  apiKey?: ApiKey | undefined
  /** The workspace's keys, to name the key a flow is bound to now. */
  keys: readonly ApiKey[]
  /** Receives the trimmed name, the chosen permissions and flows; a thrown error is shown in the form. The caller closes the dialog. */
  onSubmit: (body: ApiKeyBody) => Promise<void>
  onClose: () => void
}

/** Creates or edits an API key: its name, what it may do on the management API, and the flows it is bound to. */
export default function ApiKeyDialog({ title, submitLabel, apiKey, keys, onSubmit, onClose }: ApiKeyDialogProps) {
  const titleId = useId()
  const bindable = useBindableFlows()
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(apiKey?.chatFlows.map((flow) => flow.id) ?? []),
  )
  const [permissions, setPermissions] = useState<ReadonlySet<string>>(() => new Set(apiKey?.permissions ?? []))
  // Without the list the user chose nothing, so the key's flows are left as they are.
  const flowsShown = bindable.canView && !bindable.isPending && !bindable.error
  const form = useForm({
    initial: { keyName: apiKey?.keyName ?? '' },
    rules: { keyName: [required('Key name')] },
    onSubmit: ({ keyName }) => {
      const body = { keyName: keyName.trim(), permissions: API_KEY_PERMISSIONS.filter((id) => permissions.has(id)) }
      return onSubmit(flowsShown ? { ...body, flowIds: [...chosen] } : body)
    },
  })
  const toggle = (flowId: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current)
      if (on) next.add(flowId)
      else next.delete(flowId)
      return next
    })

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <FormField
              {...form.field('keyName')}
              label="Key name"
              helperText="Say who or what uses it, e.g. “Support website”."
              autoFocus
            />
            <PermissionPicker chosen={permissions} onChange={setPermissions} />
            <FlowPicker keyId={apiKey?.id ?? null} keys={keys} bindable={bindable} chosen={chosen} onToggle={toggle} />
            {form.formError && <Alert severity="error">{form.formError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={form.submitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
