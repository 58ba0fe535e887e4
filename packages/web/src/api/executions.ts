import type { Execution, ExecutionList, ExecutionState, Flow } from '@weft/core'
import { api } from './http'

/** What the executions list can be narrowed to; dates are ISO times, `page` counts from 1. */
export interface ExecutionQuery {
  agentflowId?: string
  state?: ExecutionState
  sessionId?: string
  startDate?: string
  endDate?: string
  page: number
  limit: number
}

const path = (id: string) => `/executions/${encodeURIComponent(id)}`

function queryString(query: ExecutionQuery): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value))
  }
  return params.toString()
}

export const listExecutions = (query: ExecutionQuery) => api.get<ExecutionList>(`/executions?${queryString(query)}`)

export const getExecution = (id: string) => api.get<Execution>(path(id))

export const updateExecution = (id: string, body: { isPublic: boolean }) => api.put<Execution>(path(id), body)

export const deleteExecutions = (executionIds: string[]) =>
  api.delete<{ deleted: number }>('/executions', undefined, { executionIds })

/** Continues a run the server stopped before it finished; answers when the run does. */
export const resumeExecution = (id: string) => api.post<unknown>(`${path(id)}/resume`)

/** A shared execution, for anyone; 404 when it is not shared. */
export const getPublicExecution = (id: string) =>
  api.get<Execution>(`/public-executions/${encodeURIComponent(id)}`, { navigateOnForbidden: false })

/**
 * The agentflows to filter executions by. A user who may read executions but not flows gets a 403
 * here, which the page shows as no choice of flow rather than leaving the page.
 */
export const listExecutionFlows = () => api.get<Flow[]>('/chatflows?type=AGENTFLOW', { navigateOnForbidden: false })
