import type { ExecutionState } from '@weft/core'
import type { ExecutionQuery } from '../../api/executions'

/** The list's filters as the fields hold them: dates as the date inputs give them (YYYY-MM-DD). */
export interface ExecutionFilters {
  agentflowId: string
  state: ExecutionState | ''
  sessionId: string
  from: string
  to: string
}

export const NO_FILTERS: ExecutionFilters = { agentflowId: '', state: '', sessionId: '', from: '', to: '' }

export const hasFilters = (filters: ExecutionFilters) => Object.values(filters).some((value) => value !== '')

// A picked day means the user's day, from its first to its last millisecond, sent as UTC.
const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString()
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString()

/** What the list asks the server for; `page` counts from 0 here and from 1 on the wire. */
export function toExecutionQuery(filters: ExecutionFilters, page: number, limit: number): ExecutionQuery {
  const sessionId = filters.sessionId.trim()
  return {
    ...(filters.agentflowId && { agentflowId: filters.agentflowId }),
    ...(filters.state && { state: filters.state }),
    ...(sessionId && { sessionId }),
    ...(filters.from && { startDate: dayStart(filters.from) }),
    ...(filters.to && { endDate: dayEnd(filters.to) }),
    page: page + 1,
    limit,
  }
}
