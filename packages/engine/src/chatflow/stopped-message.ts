import { errorMessage, failureStatus } from '@weft/core'

/**
 * The `error` event of a cancelled run: the server's run timeout is a timeout (504); a stop by the
 * caller has no status, as nobody waits for one.
 */
export function stoppedEvent(reason: unknown, timeoutMs?: number): { event: 'error'; data: string; status?: number } {
  const isTimeout = typeof reason === 'object' && reason !== null && (reason as Error).name === 'TimeoutError'
  return { event: 'error', data: stoppedMessage(reason, timeoutMs), ...(isTimeout ? { status: 504 } : {}) }
}

/** The `error` event of a failed run: its message and the status its kind answers (500 when unknown). */
export const failedEvent = (error: unknown): { event: 'error'; data: string; status: number } => ({
  event: 'error',
  data: errorMessage(error),
  status: failureStatus(error),
})

/** What the user reads when a run is cancelled: a timeout says so, anything else is a stop. */
export function stoppedMessage(reason: unknown, timeoutMs?: number): string {
  const isTimeout = typeof reason === 'object' && reason !== null && (reason as Error).name === 'TimeoutError'
  if (!isTimeout) return 'The run was stopped'
  return timeoutMs
    ? `The run took longer than ${formatDuration(timeoutMs)} and was stopped`
    : 'The run took longer than allowed and was stopped'
}

function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`
  const seconds = ms / 1000
  return Number.isInteger(seconds) ? `${seconds} s` : `${seconds.toFixed(1)} s`
}
