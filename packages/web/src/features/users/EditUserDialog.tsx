import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import MenuItem from '@mui/material/MenuItem'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { errorMessage, type OrganizationUser } from '@weft/core'
import { useId, useState, type FormEvent } from 'react'
import { getInviteOptions } from '../../api/organizationUsers'

export interface UserChange {
  roleId?: string
  isOrganizationAdmin?: boolean
}

interface EditUserDialogProps {
  user: OrganizationUser
  /** The active workspace's name: the role changed is the one held there. */
  workspaceName: string
  /** Organization admins may also make or unmake organization admins. */
  canChangeAdmin: boolean
  onSubmit: (change: UserChange) => Promise<void>
  onClose: () => void
}

const nameOf = (user: OrganizationUser) => user.user.name || user.user.email

/** Changes a user's role in the active workspace, and whether they are an organization admin. */
export default function EditUserDialog({
  user,
  workspaceName,
  canChangeAdmin,
  onSubmit,
  onClose,
}: EditUserDialogProps) {
  const titleId = useId()
  const roleFieldId = useId()
  const options = useQuery({ queryKey: ['invite-options'], queryFn: getInviteOptions })
  const inWorkspace = user.role !== null
  const [roleId, setRoleId] = useState(user.role?.id ?? '')
  const [admin, setAdmin] = useState(user.isOrganizationAdmin)
  // An admin holds no role of a workspace; one made a non-admin here gets the chosen one (member by default).
  const shownRoleId = roleId || (!admin && user.isOrganizationAdmin ? (options.data?.defaultRoleId ?? '') : '')
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string>()
  const roles = options.data?.roles ?? []
  const role = roles.find((r) => r.id === shownRoleId)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const change: UserChange = {}
    if (inWorkspace && !admin && shownRoleId && shownRoleId !== user.role?.id) change.roleId = shownRoleId
    if (canChangeAdmin && admin !== user.isOrganizationAdmin) change.isOrganizationAdmin = admin
    if (Object.keys(change).length === 0) return onClose()
    setSaving(true)
    setError(undefined)
    try {
      await onSubmit(change)
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Edit {nameOf(user)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.25} sx={{ pt: 1 }}>
            {inWorkspace && admin ? (
              <Alert severity="info">
                {nameOf(user)} is an organization admin: they hold every permission in every workspace, whatever role.
                Turn the switch off to give them a role in {workspaceName}.
              </Alert>
            ) : inWorkspace ? (
              <Box>
                <Typography
                  component="label"
                  htmlFor={roleFieldId}
                  variant="subtitle2"
                  sx={{ display: 'block', mb: 0.75 }}
                >
                  Role in {workspaceName}
                </Typography>
                {options.isPending ? (
                  <Skeleton variant="rounded" height={40} />
                ) : options.error ? (
                  <Alert severity="error">Could not load the roles: {errorMessage(options.error)}</Alert>
                ) : (
                  <TextField
                    select
                    fullWidth
                    size="small"
                    id={roleFieldId}
                    value={role ? shownRoleId : ''}
                    onChange={(event) => setRoleId(event.target.value)}
                    helperText={role?.description || ' '}
                    slotProps={{
                      select: { inputProps: { id: roleFieldId, 'aria-label': `Role in ${workspaceName}` } },
                    }}
                  >
                    {roles.map((r) => (
                      <MenuItem key={r.id} value={r.id}>
                        {r.builtIn ? r.name : `${r.name} (custom)`}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              </Box>
            ) : (
              <Alert severity="info">
                {nameOf(user)} is not a member of {workspaceName}. Add them to it in Workspaces to give them a role
                there.
              </Alert>
            )}
            {canChangeAdmin && (
              <Box>
                <FormControlLabel
                  control={<Switch checked={admin} onChange={(event) => setAdmin(event.target.checked)} />}
                  label="Organization admin"
                />
                <Typography variant="body2" color="text.secondary">
                  Admins manage users, roles, workspaces and single sign-on, and hold every permission in every
                  workspace.
                </Typography>
              </Box>
            )}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
