import type { ActivityPage, AuditEntry } from '@weft/core'
import { api } from './http'
import { activityQuery } from './loginActivity'

export interface AuditLogQuery {
  startDate?: string
  endDate?: string
  actor?: string
  action?: string
  objectType?: string
  search?: string
  page: number
  limit: number
}

export const listAuditLog = (q: AuditLogQuery) =>
  api.get<ActivityPage<AuditEntry>>(`/audit-logs?${activityQuery({ ...q })}`)

export const auditLogCsvUrl = (q: Omit<AuditLogQuery, 'page' | 'limit'>) =>
  `/api/v1/audit-logs?${activityQuery({ ...q, format: 'csv' })}`
