import { api } from './http'
import { activityQuery, type ActivityPage } from './loginActivity'

/** One change of the audit log: who did what to which object, when and from where. */
export interface AuditEntry {
  id: string
  workspaceId: string | null
  workspaceName: string | null
  actorUserId: string | null
  actorApiKeyId: string | null
  actorName: string
  actorEmail: string | null
  action: string
  objectType: string
  objectId: string | null
  objectName: string | null
  method: string
  route: string
  ip: string | null
  userAgent: string | null
  createdDate: string
}

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
