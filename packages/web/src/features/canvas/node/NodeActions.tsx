import ContentCopy from '@mui/icons-material/ContentCopyOutlined'
import DeleteOutline from '@mui/icons-material/DeleteOutline'
import EditOutlined from '@mui/icons-material/EditOutlined'
import InfoOutlined from '@mui/icons-material/InfoOutlined'
import Box, { type BoxProps } from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import type { ReactElement } from 'react'

interface NodeActionsProps {
  onDuplicate?: () => void
  onDelete?: () => void
  onInfo?: () => void
  onEdit?: () => void
  sx?: BoxProps['sx']
}

function Action({ label, icon, onClick }: { label: string; icon: ReactElement; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} size="small" onClick={onClick} sx={{ p: 0.5 }}>
        {icon}
      </IconButton>
    </Tooltip>
  )
}

/**
 * A node's buttons. They stay in the page for keyboards and screen readers; NodeCard fades them in
 * on hover, focus and selection (the `node-actions` class).
 */
export default function NodeActions({ onDuplicate, onDelete, onInfo, onEdit, sx }: NodeActionsProps) {
  const iconSx = { fontSize: 17 }
  return (
    <Box className="node-actions nodrag" sx={{ display: 'flex', gap: 0.25, ...sx }}>
      {onEdit && <Action label="Edit node" icon={<EditOutlined sx={iconSx} />} onClick={onEdit} />}
      {onDuplicate && <Action label="Duplicate node" icon={<ContentCopy sx={iconSx} />} onClick={onDuplicate} />}
      {onDelete && <Action label="Delete node" icon={<DeleteOutline sx={iconSx} />} onClick={onDelete} />}
      {onInfo && <Action label="Node info" icon={<InfoOutlined sx={iconSx} />} onClick={onInfo} />}
    </Box>
  )
}
