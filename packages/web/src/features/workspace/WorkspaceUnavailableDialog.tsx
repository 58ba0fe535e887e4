import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import { useEffect, useState } from 'react'
import { useSession } from '../../store/session'
import { useSettings } from '../../store/settings'
import { useLogout } from '../session/useLogout'
import { useSignedInUserSync } from './useSignedInUserSync'
import { useSwitchWorkspace } from './useSwitchWorkspace'

const CHECK_DELAY_MS = 500

/** SPEC §4: when the active workspace is no longer the user's, a blocking dialog forces a choice. */
export default function WorkspaceUnavailableDialog() {
  const platform = useSettings((state) => state.platform)
  const user = useSession((state) => state.user)
  const [unavailable, setUnavailable] = useState(false)
  const { switchTo, dialogs } = useSwitchWorkspace()
  const logout = useLogout()
  useSignedInUserSync()

  useEffect(() => {
    if (platform === 'open source' || !user) return
    const missing = !user.assignedWorkspaces.some((workspace) => workspace.id === user.activeWorkspaceId)
    const timer = setTimeout(() => setUnavailable(missing), CHECK_DELAY_MS)
    return () => clearTimeout(timer)
  }, [platform, user])

  const workspaces = user?.assignedWorkspaces ?? []
  return (
    <>
      <Dialog open={unavailable} maxWidth="xs" fullWidth aria-labelledby="workspace-unavailable-title">
        <DialogTitle id="workspace-unavailable-title">Workspace Unavailable</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {workspaces.length > 0
              ? 'Your current workspace is no longer available. Choose a workspace to continue.'
              : 'You are not assigned to any workspace. Please contact your administrator.'}
          </DialogContentText>
          <List sx={{ mt: 1 }}>
            {workspaces.map((workspace) => (
              <ListItemButton key={workspace.id} onClick={() => void switchTo(workspace.id)}>
                <ListItemText primary={workspace.name} />
              </ListItemButton>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => void logout()}>
            Logout
          </Button>
        </DialogActions>
      </Dialog>
      {dialogs}
    </>
  )
}
