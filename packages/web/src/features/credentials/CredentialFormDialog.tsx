import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { Credential, CredentialDescriptor, NewCredential } from '@weft/core'
import { useId } from 'react'
import FormField from '../../components/form/FormField'
import { useForm } from '../../components/form/useForm'
import CredentialField from './CredentialField'
import { credentialRules, dataKey, initialValues, isSavedSecret, toPlainData } from './credentialForm'

interface CredentialFormDialogProps {
  type: CredentialDescriptor
  /** The credential being edited, with its stored values (secrets redacted); absent when adding. */
  credential?: Credential | undefined
  /** Sends the credential; a thrown error is shown in the form. The caller closes the dialog. */
  onSubmit: (body: NewCredential) => Promise<void>
  /** Back to the choice of type, when the user came from it. */
  onBack?: (() => void) | undefined
  onClose: () => void
}

/** The fields of one credential type, filled to add a credential or change one. */
export default function CredentialFormDialog({
  type,
  credential,
  onSubmit,
  onBack,
  onClose,
}: CredentialFormDialogProps) {
  const titleId = useId()
  const stored = credential?.plainDataObj
  const form = useForm({
    initial: initialValues(type.inputs, credential),
    rules: credentialRules(type.inputs, stored),
    onSubmit: (values) =>
      onSubmit({
        name: values.name?.trim() ?? '',
        credentialName: type.name,
        plainDataObj: toPlainData(type.inputs, values, stored),
      }),
  })
  // The fields are the type's, so the form's values are an open record: a missing one is empty.
  const field = (key: string) => {
    const props = form.field(key)
    return { ...props, value: props.value ?? '' }
  }
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <DialogTitle id={titleId}>
          {credential ? `Edit ${credential.name}` : `New ${type.label} credential`}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.25} sx={{ pt: 1 }}>
            {type.description && (
              <Typography variant="body2" color="text.secondary">
                {type.description}
              </Typography>
            )}
            <FormField
              {...field('name')}
              label="Credential name"
              helperText="How you will recognise it when picking it in a flow."
              autoFocus
            />
            {type.inputs.map((input) => (
              <CredentialField
                key={input.name}
                input={input}
                field={field(dataKey(input))}
                savedSecret={isSavedSecret(input, stored)}
              />
            ))}
            <Typography variant="caption" color="text.secondary">
              Stored encrypted. Secret values are never shown again after saving.
            </Typography>
            {form.formError && <Alert severity="error">{form.formError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {onBack && (
            <Button onClick={onBack} color="inherit" sx={{ mr: 'auto' }}>
              Back
            </Button>
          )}
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={form.submitting}>
            {credential ? 'Save' : 'Add'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
