import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import type { DocumentStore } from '@weft/core'
import { useId } from 'react'
import type { StoreFields } from '../../api/documentStores'
import FormField from '../../components/form/FormField'
import { useForm } from '../../components/form/useForm'
import { required } from '../../components/form/validators'

interface StoreDialogProps {
  /** The store being edited; absent when adding one. */
  store?: DocumentStore | undefined
  /** Sends the fields; a thrown error is shown in the form. The caller closes the dialog. */
  onSubmit: (fields: StoreFields) => Promise<void>
  onClose: () => void
}

/** Adds a document store or renames one: its name and what it holds. */
export default function StoreDialog({ store, onSubmit, onClose }: StoreDialogProps) {
  const titleId = useId()
  const form = useForm({
    initial: { name: store?.name ?? '', description: store?.description ?? '' },
    rules: { name: [required('Name')] },
    onSubmit: ({ name, description }) => onSubmit({ name: name.trim(), description: description.trim() }),
  })
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <DialogTitle id={titleId}>{store ? `Edit ${store.name}` : 'Add Document Store'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.25} sx={{ pt: 1 }}>
            <FormField {...form.field('name')} label="Name" autoFocus />
            <FormField
              {...form.field('description')}
              label="Description"
              helperText="What the documents are about, so flows and people pick the right store."
            />
            {form.formError && <Alert severity="error">{form.formError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={form.submitting}>
            {store ? 'Save' : 'Add'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
