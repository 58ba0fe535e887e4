/** One change of the audit log as GET /audit-logs answers it: who did what to which object, when and from where. */
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
