import Chip from '@mui/material/Chip'
import Tooltip from '@mui/material/Tooltip'
import { CANNOT_RUN_EXPLANATION, cannotRun } from '@weft/core'
import { useCanvasActions } from '../canvasActions'

/** The catalogue badge of a node ("Cannot run yet") on its card, with why when it is about running. */
export default function NodeBadge({ name }: { name: string }) {
  const badge = useCanvasActions().nodeBadge?.(name)
  if (!badge) return null
  return (
    <Tooltip title={cannotRun({ badge }) ? CANNOT_RUN_EXPLANATION : ''}>
      <Chip label={badge} size="small" color="warning" variant="outlined" sx={{ height: 20, fontSize: 11, mt: 0.25 }} />
    </Tooltip>
  )
}
