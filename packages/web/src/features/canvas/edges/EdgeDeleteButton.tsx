import Close from '@mui/icons-material/Close'
import IconButton from '@mui/material/IconButton'
import { EdgeLabelRenderer } from '@xyflow/react'
import { useCanvasActions } from '../canvasActions'
import { removeEdge } from '../store/canvasCommands'

interface EdgeDeleteButtonProps {
  edgeId: string
  x: number
  y: number
  onMouseEnter?: () => void
  onMouseLeave?: () => void
}

/** A small button at an edge's midpoint that removes the edge; absent on a read-only canvas. */
export default function EdgeDeleteButton({ edgeId, x, y, onMouseEnter, onMouseLeave }: EdgeDeleteButtonProps) {
  const { readOnly } = useCanvasActions()
  if (readOnly) return null
  return (
    <EdgeLabelRenderer>
      <IconButton
        className="nodrag nopan"
        aria-label="Delete edge"
        size="small"
        onClick={() => removeEdge(edgeId)}
        onMouseEnter={onMouseEnter}
        onMouseLeave={onMouseLeave}
        // The position changes on every frame of a drag: an inline style, not a new CSS class each time.
        style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px)` }}
        sx={{
          position: 'absolute',
          pointerEvents: 'all',
          width: 20,
          height: 20,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          '&:hover': { bgcolor: 'error.main', color: 'error.contrastText', borderColor: 'error.main' },
        }}
      >
        <Close sx={{ fontSize: 12 }} />
      </IconButton>
    </EdgeLabelRenderer>
  )
}
