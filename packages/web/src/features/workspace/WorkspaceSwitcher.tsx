import Check from '@mui/icons-material/Check'
import UnfoldMore from '@mui/icons-material/UnfoldMore'
import Workspaces from '@mui/icons-material/WorkspacesOutlined'
import Button from '@mui/material/Button'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { useState } from 'react'
import { useSession } from '../../store/session'
import { useSwitchWorkspace } from './useSwitchWorkspace'

/** Enterprise: switch between the user's workspaces; shown only with more than one. */
export default function WorkspaceSwitcher() {
  const user = useSession((state) => state.user)
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const { switchTo, dialogs } = useSwitchWorkspace()
  if (!user || user.assignedWorkspaces.length <= 1) return null

  return (
    <>
      <Button
        color="inherit"
        aria-label={`Workspace: ${user.activeWorkspace}`}
        aria-haspopup="menu"
        startIcon={<Workspaces fontSize="small" />}
        endIcon={<UnfoldMore fontSize="small" />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          ml: 1,
          maxWidth: 260,
          color: 'text.primary',
          '& .MuiButton-startIcon, & .MuiButton-endIcon': { color: 'text.secondary' },
        }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {user.activeWorkspace}
        </span>
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { minWidth: 220 } } }}
      >
        {user.assignedWorkspaces.map((workspace) => {
          const active = workspace.id === user.activeWorkspaceId
          return (
            <MenuItem
              key={workspace.id}
              selected={active}
              onClick={() => {
                setAnchor(null)
                if (!active) void switchTo(workspace.id)
              }}
            >
              <ListItemText>{workspace.name}</ListItemText>
              {active && (
                <ListItemIcon sx={{ justifyContent: 'flex-end' }}>
                  <Check fontSize="small" />
                </ListItemIcon>
              )}
            </MenuItem>
          )
        })}
      </Menu>
      {dialogs}
    </>
  )
}
