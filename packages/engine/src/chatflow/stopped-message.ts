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
