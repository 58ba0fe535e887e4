import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { useId } from 'react'
import type { Workspace } from '@weft/core'
import FormField from '../../components/form/FormField'
import { useForm } from '../../components/form/useForm'
import { required, type Rule } from '../../components/form/validators'

export const WORKSPACE_NAME_MAX = 100
const DESCRIPTION_MAX = 1000

const maxLength =
  (label: string, max: number): Rule =>
  (value) =>
    value.trim().length > max ? `${label} must be at most ${max} characters` : undefined

interface WorkspaceDialogProps {
  /** The workspace being renamed; absent when adding. */
  workspace?: Workspace | undefined
  /** Sends the trimmed fields; a thrown error (a taken name) shows in the form. The caller closes the dialog. */
  onSubmit: (body: { name: string; description: string }) => Promise<void>
  onClose: () => void
}

/** Adds a workspace or renames one: its name (unique in the organization) and description. */
export default function WorkspaceDialog({ workspace, onSubmit, onClose }: WorkspaceDialogProps) {
  const titleId = useId()
  const form = useForm({
    initial: { name: workspace?.name ?? '', description: workspace?.description ?? '' },
    rules: {
      name: [required('Name'), maxLength('Name', WORKSPACE_NAME_MAX)],
      description: [maxLength('Description', DESCRIPTION_MAX)],
    },
    onSubmit: ({ name, description }) => onSubmit({ name: name.trim(), description: description.trim() }),
  })
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <DialogTitle id={titleId}>{workspace ? `Edit ${workspace.name}` : 'Add Workspace'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.25} sx={{ pt: 1 }}>
            <FormField
              {...form.field('name')}
              label="Name"
              autoFocus
              helperText={`Unique in your organization, at most ${WORKSPACE_NAME_MAX} characters.`}
            />
            <FormField {...form.field('description')} label="Description" helperText="Optional." />
            {form.formError && <Alert severity="error">{form.formError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={form.submitting}>
            {workspace ? 'Save' : 'Add'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
