import CheckCircle from '@mui/icons-material/CheckCircle'
import ErrorIcon from '@mui/icons-material/Error'
import StopCircle from '@mui/icons-material/StopCircle'
import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import { alpha, keyframes } from '@mui/material/styles'
import Tooltip from '@mui/material/Tooltip'
import type { StepStatus } from '@weft/core'
import { useNodeRunState } from '../store/nodeRunStates'

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.35; }
`

const LABELS: Record<StepStatus, string> = {
  INPROGRESS: 'Running',
  FINISHED: 'Finished',
  ERROR: 'Failed',
  STOPPED: 'Stopped',
  TERMINATED: 'Stopped',
}

function StatusIcon({ status, color }: { status: StepStatus; color: string }) {
  if (status === 'INPROGRESS') return <CircularProgress size={16} thickness={5} sx={{ color, display: 'block' }} />
  if (status === 'FINISHED') return <CheckCircle sx={{ fontSize: 20, color: 'success.main', display: 'block' }} />
  if (status === 'ERROR') return <ErrorIcon sx={{ fontSize: 20, color: 'error.main', display: 'block' }} />
  return <StopCircle sx={{ fontSize: 20, color: 'text.disabled', display: 'block' }} />
}

/**
 * How the step fared in the run the canvas chat is showing: a ring around the node (pulsing in the
 * node's colour while it runs) and a badge on its corner; a failed step's badge tells why on hover.
 * Draws nothing when the step has not run. Its parent must be positioned.
 */
export default function NodeRunStatus({ nodeId, color, radius = '10px' }: { nodeId: string; color: string; radius?: string }) {
  const state = useNodeRunState(nodeId)
  if (!state) return null
  const { status, error } = state
  const running = status === 'INPROGRESS'
  const ring =
    status === 'FINISHED' ? 'success.main' : status === 'ERROR' ? 'error.main' : running ? color : 'text.disabled'
  const label = status === 'ERROR' && error ? `${LABELS[status]}: ${error}` : LABELS[status]
  return (
    <>
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: -4,
          borderRadius: `calc(${radius} + 4px)`,
          border: 2,
          borderColor: ring,
          pointerEvents: 'none',
          ...(running && { boxShadow: `0 0 10px ${alpha(color, 0.5)}`, animation: `${pulse} 1.4s ease-in-out infinite` }),
        }}
      />
      <Tooltip title={status === 'ERROR' && error ? error : ''}>
        <Box
          role="status"
          aria-label={label}
          sx={{
            position: 'absolute',
            top: -11,
            left: -11,
            p: '2px',
            borderRadius: '50%',
            bgcolor: 'background.paper',
            boxShadow: 1,
            lineHeight: 0,
          }}
        >
          <StatusIcon status={status} color={color} />
        </Box>
      </Tooltip>
    </>
  )
}
