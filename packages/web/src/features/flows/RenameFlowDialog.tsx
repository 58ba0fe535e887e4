import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import type { Flow } from '@weft/core'
import FormField from '../../components/form/FormField'
import { useForm } from '../../components/form/useForm'
import { flowNameRules } from './flowNameRules'

interface RenameFlowDialogProps {
  flow: Flow
  /** Resolves true when the new name was saved; the dialog then closes. */
  onRename: (flow: Flow, name: string) => Promise<boolean>
  onClose: () => void
}

/** Rename a flow; mounted per flow so the field starts with that flow's name. */
export default function RenameFlowDialog({ flow, onRename, onClose }: RenameFlowDialogProps) {
  const form = useForm({
    initial: { name: flow.name },
    rules: { name: flowNameRules },
    onSubmit: async ({ name }) => {
      if (await onRename(flow, name.trim())) onClose()
    },
  })
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="rename-flow-title">
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <DialogTitle id="rename-flow-title">Rename</DialogTitle>
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
            Rename
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
