import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import { inGroupOrder, type Role } from '@weft/core'
import { useId, useState } from 'react'
import type { RoleBody } from '../../api/roles'
import FormField from '../../components/form/FormField'
import { useForm } from '../../components/form/useForm'
import { required, type Rule } from '../../components/form/validators'
import RolePermissions from './RolePermissions'

interface RoleDialogProps {
  /** The role edited or shown; absent when creating one. */
  role?: Role | undefined
  /** Sends the role; a thrown error (a taken name) is shown in the form. The caller closes the dialog. */
  onSubmit: (body: RoleBody) => Promise<void>
  onClose: () => void
}

const NAME_MAX = 100
const notTooLong: Rule = (value) =>
  value.trim().length > NAME_MAX ? `Name must be at most ${NAME_MAX} characters` : undefined

/** Creates a custom role, edits one, or shows a built-in role without letting it change. */
export default function RoleDialog({ role, onSubmit, onClose }: RoleDialogProps) {
  const titleId = useId()
  const theme = useTheme()
  const phone = useMediaQuery(theme.breakpoints.down('sm'))
  const readOnly = role?.builtIn === true
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(role?.permissions ?? []))
  const [permissionError, setPermissionError] = useState<string>()
  const form = useForm({
    initial: { name: role?.name ?? '', description: role?.description ?? '' },
    rules: { name: [required('Name'), notTooLong] },
    onSubmit: async ({ name, description }) => {
      if (chosen.size === 0) {
        setPermissionError('Choose at least one permission')
        return
      }
      await onSubmit({ name: name.trim(), description: description.trim(), permissions: inGroupOrder(chosen) })
    },
  })
  const change = (next: ReadonlySet<string>) => {
    setChosen(next)
    if (next.size > 0) setPermissionError(undefined)
  }
  const title = readOnly ? `Role ${role.name}` : role ? `Edit ${role.name}` : 'Create Role'
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} aria-labelledby={titleId}>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
      >
        <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {title}
          {readOnly && <Chip size="small" label="Built-in" />}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.25}>
            {readOnly && (
              <Alert severity="info">
                Built-in roles cannot be changed. To give someone a different set, create a custom role.
              </Alert>
            )}
            <FormField {...form.field('name')} label="Name" autoFocus={!readOnly} disabled={readOnly} />
            <FormField {...form.field('description')} label="Description" disabled={readOnly} />
            <RolePermissions chosen={chosen} onChange={change} readOnly={readOnly} error={permissionError} />
            {form.formError && <Alert severity="error">{form.formError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose} color="inherit">
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button type="submit" variant="contained" loading={form.submitting}>
              {role ? 'Save' : 'Create'}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  )
}
