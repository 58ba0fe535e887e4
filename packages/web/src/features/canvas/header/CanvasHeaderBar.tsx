import ArrowBack from '@mui/icons-material/ArrowBack'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

export const CANVAS_HEADER_HEIGHT = 56

interface CanvasHeaderBarProps {
  backTo: string
  /** The name, with whatever sits beside it. */
  title: ReactNode
  /** Buttons at the right end. */
  actions?: ReactNode
}

/** The slim bar above a canvas: back to the list, the flow's name, the flow's buttons. */
export default function CanvasHeaderBar({ backTo, title, actions }: CanvasHeaderBarProps) {
  return (
    <Box
      component="header"
      sx={{
        height: CANVAS_HEADER_HEIGHT,
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Tooltip title="Back to the list">
        <IconButton component={Link} to={backTo} aria-label="Back">
          <ArrowBack fontSize="small" />
        </IconButton>
      </Tooltip>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexGrow: 1, minWidth: 0 }}>{title}</Box>
      {actions && <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>{actions}</Box>}
    </Box>
  )
}
