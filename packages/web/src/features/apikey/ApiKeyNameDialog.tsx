import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { useId } from 'react'
import FormField from '../../components/form/FormField'
import { useForm } from '../../components/form/useForm'
import { required } from '../../components/form/validators'

interface ApiKeyNameDialogProps {
  title: string
  submitLabel: string
  initialName: string
  /** Receives the trimmed name; a thrown error is shown in the form. The caller closes the dialog. */
  onSubmit: (keyName: string) => Promise<void>
  onClose: () => void
}

/** Asks for an API key's name: when creating a key, when renaming one. */
export default function ApiKeyNameDialog({
  title,
  submitLabel,
  initialName,
  onSubmit,
  onClose,
}: ApiKeyNameDialogProps) {
  const titleId = useId()
  const form = useForm({
    initial: { keyName: initialName },
    rules: { keyName: [required('Key name')] },
    onSubmit: ({ keyName }) => onSubmit(keyName.trim()),
  })
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormField
              {...form.field('keyName')}
              label="Key name"
              helperText="Say who or what uses it, e.g. “Support website”."
              autoFocus
            />
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
