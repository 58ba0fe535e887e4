import CheckCircle from '@mui/icons-material/CheckCircle'
import ErrorIcon from '@mui/icons-material/Error'
import StopCircle from '@mui/icons-material/StopCircleOutlined'
import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import type { StepStatus } from '@weft/core'
import { STEP_STATUS_LABELS } from './executionStates'

const iconSx = { fontSize: 18, display: 'block' }

/** A step's status as a small icon; its name is read out and shown on hover. */
export default function StepStatusIcon({ status }: { status: StepStatus }) {
  const label = STEP_STATUS_LABELS[status] ?? status
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      sx={{ display: 'inline-grid', placeItems: 'center', width: 18, height: 18, flexShrink: 0 }}
    >
      {status === 'FINISHED' ? (
        <CheckCircle color="success" sx={iconSx} />
      ) : status === 'ERROR' ? (
        <ErrorIcon color="error" sx={iconSx} />
      ) : status === 'INPROGRESS' ? (
        <CircularProgress size={14} thickness={5} aria-hidden />
      ) : (
        <StopCircle sx={{ ...iconSx, color: 'text.disabled' }} />
      )}
    </Box>
  )
}
