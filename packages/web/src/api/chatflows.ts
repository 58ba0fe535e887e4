import type { Flow, FlowType, FlowUpdate, NewFlow } from '@weft/core'
import { api } from './http'

/** Flows of the given types (several types, comma-joined, in one list). */
export const listFlows = (types: readonly FlowType[]) =>
  api.get<Flow[]>(`/chatflows?type=${encodeURIComponent(types.join(','))}`)

export const getFlow = (id: string) => api.get<Flow>(`/chatflows/${encodeURIComponent(id)}`)

export const createFlow = (body: NewFlow) => api.post<Flow>('/chatflows', body)

export const updateFlow = (id: string, body: FlowUpdate) => api.put<Flow>(`/chatflows/${encodeURIComponent(id)}`, body)

export const deleteFlow = (id: string) => api.delete<{ id: string }>(`/chatflows/${encodeURIComponent(id)}`)
