import HourglassEmpty from '@mui/icons-material/HourglassEmptyOutlined'
import PlayCircle from '@mui/icons-material/PlayCircleOutlined'
import Report from '@mui/icons-material/ReportGmailerrorredOutlined'
import Schedule from '@mui/icons-material/ScheduleOutlined'
import TaskAlt from '@mui/icons-material/TaskAltOutlined'
import type { SvgIconComponent } from '@mui/icons-material'
import type { QueueJobState } from '@weft/core'

export const QUEUE_KEY = 'queue'
/** The screen reads the queue again this often while it is open. */
export const QUEUE_REFRESH_MS = 5000

export type StateColor = 'default' | 'info' | 'success' | 'error' | 'warning'

interface StateLook {
  label: string
  color: StateColor
  /** What the state's table shows when it has no job. */
  empty: { icon: SvgIconComponent; title: string; description: string }
}

/** How the queue screen shows each state of a job. */
export const QUEUE_STATE_LOOKS: Record<QueueJobState, StateLook> = {
  waiting: {
    label: 'Waiting',
    color: 'default',
    empty: {
      icon: HourglassEmpty,
      title: 'No job is waiting',
      description: 'A new run waits here until a worker takes it.',
    },
  },
  active: {
    label: 'Active',
    color: 'info',
    empty: {
      icon: PlayCircle,
      title: 'No job is running',
      description: 'The runs workers are working on show here.',
    },
  },
  completed: {
    label: 'Completed',
    color: 'success',
    empty: {
      icon: TaskAlt,
      title: 'No completed jobs',
      description: 'Runs that finished show here, the latest first.',
    },
  },
  failed: {
    label: 'Failed',
    color: 'error',
    empty: {
      icon: Report,
      title: 'No failed jobs',
      description: 'A run that fails shows here with its error, to retry or remove.',
    },
  },
  delayed: {
    label: 'Delayed',
    color: 'warning',
    empty: {
      icon: Schedule,
      title: 'No delayed jobs',
      description: 'Jobs set to run later, such as a retry after a wait, show here.',
    },
  },
}
