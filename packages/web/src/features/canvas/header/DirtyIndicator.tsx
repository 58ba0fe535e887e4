import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useCanvasStore } from '../store/canvasStore'

/** A dot and "Unsaved changes" while the canvas differs from the saved flow. */
export default function DirtyIndicator() {
  const isDirty = useCanvasStore((state) => state.isDirty)
  if (!isDirty) return null
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexShrink: 0 }}>
      <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'warning.main' }} />
      <Typography variant="caption" color="text.secondary">
        Unsaved changes
      </Typography>
    </Box>
  )
}
