import type { QueueJob, QueueJobPage, QueueJobState, QueueOverview } from '@weft/core'
import { api } from './http'

export const getQueueOverview = () => api.get<QueueOverview>('/queue')

export const listQueueJobs = (queue: string, q: { state: QueueJobState; page: number; limit: number }) =>
  api.get<QueueJobPage>(
    `/queue/${encodeURIComponent(queue)}/jobs?${new URLSearchParams({ state: q.state, page: String(q.page), limit: String(q.limit) })}`,
  )

export const retryQueueJob = (queue: string, id: string) =>
  api.post<QueueJob>(`/queue/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(id)}/retry`)

export const removeQueueJob = (queue: string, id: string) =>
  api.delete<{ id: string }>(`/queue/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(id)}`)
