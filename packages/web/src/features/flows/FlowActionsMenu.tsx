import ContentCopy from '@mui/icons-material/ContentCopyOutlined'
import Delete from '@mui/icons-material/DeleteOutlined'
import Edit from '@mui/icons-material/EditOutlined'
import MoreHoriz from '@mui/icons-material/MoreHoriz'
import IconButton from '@mui/material/IconButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import type { Flow } from '@weft/core'
import { useState, type ReactNode } from 'react'

/** What a user may do to a flow; a missing handler means no permission, so no menu item. */
export interface FlowHandlers {
  onRename?: ((flow: Flow) => void) | undefined
  onDuplicate?: ((flow: Flow) => void) | undefined
  onDelete?: ((flow: Flow) => void) | undefined
}

const hasAnyAction = (handlers: FlowHandlers) => Boolean(handlers.onRename || handlers.onDuplicate || handlers.onDelete)

/** The "…" button of a flow card or row, with Rename, Duplicate and Delete. */
export default function FlowActionsMenu({ flow, handlers }: { flow: Flow; handlers: FlowHandlers }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  if (!hasAnyAction(handlers)) return null

  const item = (label: string, icon: ReactNode, run: ((flow: Flow) => void) | undefined, danger = false) =>
    run && (
      <MenuItem
        onClick={() => {
          setAnchor(null)
          run(flow)
        }}
        sx={danger ? { color: 'error.main' } : undefined}
      >
        <ListItemIcon sx={danger ? { color: 'error.main' } : undefined}>{icon}</ListItemIcon>
        {label}
      </MenuItem>
    )

  return (
    <>
      <IconButton
        size="small"
        aria-label={`Flow actions for ${flow.name}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreHoriz fontSize="small" />
      </IconButton>
      {anchor && (
        <Menu
          open
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          {item('Rename', <Edit fontSize="small" />, handlers.onRename)}
          {item('Duplicate', <ContentCopy fontSize="small" />, handlers.onDuplicate)}
          {item('Delete', <Delete fontSize="small" />, handlers.onDelete, true)}
        </Menu>
      )}
    </>
  )
}
