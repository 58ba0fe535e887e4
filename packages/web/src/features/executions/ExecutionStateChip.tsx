import type { SvgIconComponent } from '@mui/icons-material'
import Block from '@mui/icons-material/Block'
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline'
import ErrorOutline from '@mui/icons-material/ErrorOutline'
import HourglassTop from '@mui/icons-material/HourglassTopOutlined'
import PanTool from '@mui/icons-material/PanToolOutlined'
import StopCircle from '@mui/icons-material/StopCircleOutlined'
import TimerOff from '@mui/icons-material/TimerOffOutlined'
import Chip, { type ChipProps } from '@mui/material/Chip'
import type { Execution, ExecutionState } from '@weft/core'
import { isWaitingForInput, STATE_LABELS } from './executionStates'

const LOOKS: Record<ExecutionState, { color: ChipProps['color']; icon: SvgIconComponent }> = {
  INPROGRESS: { color: 'info', icon: HourglassTop },
  FINISHED: { color: 'success', icon: CheckCircleOutline },
  ERROR: { color: 'error', icon: ErrorOutline },
  TERMINATED: { color: 'default', icon: Block },
  TIMEOUT: { color: 'warning', icon: TimerOff },
  STOPPED: { color: 'default', icon: StopCircle },
}

/** An execution's state as a coloured chip with an icon, so it reads without relying on colour alone. */
export default function ExecutionStateChip({ execution }: { execution: Execution }) {
  const waiting = isWaitingForInput(execution)
  const look = LOOKS[execution.state] ?? LOOKS.STOPPED
  const Icon = waiting ? PanTool : look.icon
  return (
    <Chip
      size="small"
      variant="outlined"
      color={waiting ? 'warning' : look.color}
      icon={<Icon />}
      label={waiting ? 'Waiting for input' : (STATE_LABELS[execution.state] ?? execution.state)}
      sx={{ fontWeight: 500 }}
    />
  )
}
