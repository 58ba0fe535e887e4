import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormField from '../../../components/form/FormField'
import { useForm } from '../../../components/form/useForm'
import { flowNameRules } from '../../flows/flowNameRules'

interface SaveNameDialogProps {
  /** What the field starts with, e.g. the template's name. */
  initialName: string
  noun: string
  onSave: (name: string) => Promise<void>
  onClose: () => void
}

/** The first save of a new flow asks for its name. */
export default function SaveNameDialog({ initialName, noun, onSave, onClose }: SaveNameDialogProps) {
  const form = useForm({
    initial: { name: initialName },
    rules: { name: flowNameRules },
    onSubmit: ({ name }) => onSave(name.trim()),
  })
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="save-flow-title">
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <DialogTitle id="save-flow-title">Save new {noun.toLowerCase()}</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            <FormField {...form.field('name')} label="Name" autoFocus />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={form.submitting}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
