import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useId } from 'react'
import FormField from '../../components/form/FormField'
import { useForm } from '../../components/form/useForm'
import { flowNameRules } from './flowNameRules'

interface FlowNameDialogProps {
  title: string
  /** The label of the button that sends the name, e.g. "Save" or "Rename". */
  submitLabel: string
  /** What the field starts with. */
  initialName: string
  /** Receives the trimmed name; the caller closes the dialog when it is done with it. */
  onSubmit: (name: string) => Promise<void>
  onClose: () => void
}

/** Asks for a flow's name, checked by the flow name rules: the first save of a new flow, a rename. */
export default function FlowNameDialog({ title, submitLabel, initialName, onSubmit, onClose }: FlowNameDialogProps) {
  const titleId = useId()
  const form = useForm({
    initial: { name: initialName },
    rules: { name: flowNameRules },
    onSubmit: ({ name }) => onSubmit(name.trim()),
  })
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
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
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
