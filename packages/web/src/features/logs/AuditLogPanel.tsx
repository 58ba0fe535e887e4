/** The audit log, shown as a tab of /logs (issue 24: being built). */
export default function AuditLogPanel() {
  return null
}
