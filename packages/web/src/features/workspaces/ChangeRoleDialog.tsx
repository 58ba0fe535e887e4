import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { errorMessage, type Role, type WorkspaceUser } from '@weft/core'
import { useId, useState, type FormEvent } from 'react'
import RolePicker from './RolePicker'

interface ChangeRoleDialogProps {
  member: WorkspaceUser
  roles: Role[]
  rolesError?: string | undefined
  onSubmit: (roleId: string) => Promise<void>
  onClose: () => void
}

/** Changes a member's role in one workspace; it applies to their next request. */
export default function ChangeRoleDialog({ member, roles, rolesError, onSubmit, onClose }: ChangeRoleDialogProps) {
  const titleId = useId()
  const [roleId, setRoleId] = useState(member.roleId ?? '')
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string>()
  const who = member.user.name || member.user.email

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!roleId) return
    setSending(true)
    setFailure(undefined)
    try {
      await onSubmit(roleId)
    } catch (error) {
      setFailure(errorMessage(error))
    } finally {
      setSending(false)
    }
  }

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Change role of {who}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {member.isOrgOwner && (
              <DialogContentText variant="body2">
                {who} is an admin of the organization and keeps every permission whatever the role here.
              </DialogContentText>
            )}
            <RolePicker roles={roles} value={roleId} onChange={setRoleId} error={rolesError} />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={sending} disabled={!roleId || roleId === member.roleId}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
