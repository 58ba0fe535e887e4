import type { Execution } from '@weft/core'

/** "340 ms", "2.4 s", "3 min 5 s": short enough for a table cell. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const minutes = Math.floor(ms / 60_000)
  const seconds = Math.round((ms % 60_000) / 1000)
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`
}

/** How long a run took; undefined while it still runs, since its last update is not its end. */
export function executionDuration(execution: Execution): number | undefined {
  const end = execution.stoppedDate ?? (execution.state === 'INPROGRESS' ? null : execution.updatedDate)
  if (!end) return undefined
  const ms = Date.parse(end) - Date.parse(execution.createdDate)
  return Number.isFinite(ms) ? ms : undefined
}
