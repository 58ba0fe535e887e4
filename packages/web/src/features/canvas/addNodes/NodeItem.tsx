import Avatar from '@mui/material/Avatar'
import Chip from '@mui/material/Chip'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Tooltip from '@mui/material/Tooltip'
import { CANNOT_RUN_EXPLANATION, cannotRun, type NodeDescriptor } from '@weft/core'
import type { DragEvent } from 'react'
import { memo } from 'react'
import { nodeIconUrl } from '../../../api/nodes'

/** The drag payload: the node name, read back by the canvas's drop handler. */
export const NODE_DRAG_TYPE = 'application/reactflow'

interface NodeItemProps {
  descriptor: NodeDescriptor
  onAdd: (descriptor: NodeDescriptor) => void
}

/** One node of the panel: drag it onto the canvas, or click (or press Enter) to add it in the middle. */
function NodeItem({ descriptor, onAdd }: NodeItemProps) {
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(NODE_DRAG_TYPE, descriptor.name)
    event.dataTransfer.effectAllowed = 'move'
  }
  return (
    <ListItemButton
      draggable
      onDragStart={onDragStart}
      onClick={() => onAdd(descriptor)}
      sx={{ borderRadius: 1, gap: 1 }}
    >
      <ListItemAvatar sx={{ minWidth: 0 }}>
        <Avatar
          variant="rounded"
          src={nodeIconUrl(descriptor.name)}
          alt=""
          sx={{ width: 36, height: 36, bgcolor: 'background.paper', border: 1, borderColor: 'divider', p: 0.5 }}
        />
      </ListItemAvatar>
      <ListItemText
        primary={descriptor.label}
        secondary={descriptor.description}
        slotProps={{
          secondary: {
            sx: { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' },
          },
        }}
      />
      {descriptor.badge && (
        <Tooltip title={cannotRun(descriptor) ? CANNOT_RUN_EXPLANATION : ''}>
          <Chip size="small" label={descriptor.badge} color="warning" variant="outlined" sx={{ flexShrink: 0 }} />
        </Tooltip>
      )}
    </ListItemButton>
  )
}

export default memo(NodeItem)
