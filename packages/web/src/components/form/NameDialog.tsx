import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { useId } from 'react'
import FormField from './FormField'
import { useForm } from './useForm'
import type { Rule } from './validators'

export interface NameDialogProps {
  title: string
  /** The label of the button that sends the name, e.g. "Save" or "Rename". */
  submitLabel: string
  /** What the field starts with. */
  initialName: string
  /** Receives the trimmed name; a thrown error is shown in the form. The caller closes the dialog. */
  onSubmit: (name: string) => Promise<void>
  onClose: () => void
}

interface Field {
  label: string
  rules: Rule[]
  helperText?: string
}

/** Asks for one name (a flow's, an API key's): the field's label and rules say which. */
export default function NameDialog({
  title,
  submitLabel,
  initialName,
  onSubmit,
  onClose,
  field,
}: NameDialogProps & { field: Field }) {
  const titleId = useId()
  const form = useForm({
    initial: { name: initialName },
    rules: { name: field.rules },
    onSubmit: ({ name }) => onSubmit(name.trim()),
  })
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormField {...form.field('name')} label={field.label} helperText={field.helperText} autoFocus />
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
