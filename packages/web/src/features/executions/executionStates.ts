import type { Execution, ExecutionState, StepStatus } from '@weft/core'

/** How a state reads in the UI, in the filter and on chips. */
export const STATE_LABELS: Record<ExecutionState, string> = {
  INPROGRESS: 'In progress',
  FINISHED: 'Finished',
  ERROR: 'Error',
  TERMINATED: 'Terminated',
  TIMEOUT: 'Timed out',
  STOPPED: 'Stopped',
}

export const STEP_STATUS_LABELS: Record<StepStatus, string> = {
  INPROGRESS: 'In progress',
  FINISHED: 'Finished',
  ERROR: 'Error',
  STOPPED: 'Stopped',
  TERMINATED: 'Terminated',
}

/** A run paused at a Human Input step is in progress, but waits on a person rather than working. */
export const isWaitingForInput = (execution: Execution) => execution.state === 'INPROGRESS' && !!execution.action

/** Still working: worth checking again soon. */
export const isRunning = (execution: Execution) =>
  execution.state === 'INPROGRESS' && !execution.action && !execution.interrupted
