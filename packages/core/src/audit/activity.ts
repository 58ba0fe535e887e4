// What the login activity and the audit log record (issue 24): the kinds of sign-in attempt with
// their labels, and which management requests make an audit entry. Shared by the server (which
// writes and filters) and the web app (which labels the chips and filters).

/** Every kind of login activity (Flowise's `activityCode`, here a word). */
export const LOGIN_ACTIVITY_KINDS = [
  'login',
  'wrong_password',
  'unknown_email',
  'locked',
  'account_disabled',
  'unverified',
  'sso',
  'sso_failed',
  'login_failed',
  'logout',
  'password_reset',
  'setup',
] as const
export type LoginActivityKind = (typeof LOGIN_ACTIVITY_KINDS)[number]

export const LOGIN_ACTIVITY_LABELS: Record<LoginActivityKind, string> = {
  login: 'Signed in',
  wrong_password: 'Wrong password',
  unknown_email: 'Unknown e-mail',
  locked: 'Locked out',
  account_disabled: 'Account disabled',
  unverified: 'E-mail not verified',
  sso: 'SSO sign-in',
  sso_failed: 'SSO failed',
  login_failed: 'Sign-in failed',
  logout: 'Signed out',
  password_reset: 'Password reset',
  setup: 'Organization set up',
}

/** The kinds that are a refused attempt (shown in red). */
export const FAILED_LOGIN_KINDS: readonly LoginActivityKind[] = [
  'wrong_password',
  'unknown_email',
  'locked',
  'account_disabled',
  'unverified',
  'sso_failed',
  'login_failed',
]

export const isLoginActivityKind = (value: string): value is LoginActivityKind =>
  (LOGIN_ACTIVITY_KINDS as readonly string[]).includes(value)

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'share', 'export', 'import', 'invite'] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  share: 'Shared',
  export: 'Exported',
  import: 'Imported',
  invite: 'Invited',
}

export const AUDIT_OBJECT_TYPES = [
  'flow',
  'credential',
  'variable',
  'tool',
  'api key',
  'assistant',
  'assistant file',
  'assistant vector store',
  'custom template',
  'document store',
  'document store file',
  'document store loader',
  'document store chunk',
  'document store job',
  'document store vectors',
  'chat messages',
  'execution',
  'workspace',
  'workspace member',
  'shared item',
  'user',
  'invitation',
  'role',
  'sso config',
  'file',
  'login activity',
  'data',
] as const
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number]

export interface AuditRule {
  action: AuditAction
  objectType: AuditObjectType
  /** The route parameter or query field naming the object, when the route names it. */
  idFrom?: string
}

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Management changes, by method and Fastify route pattern under /api/v1. Anything not listed makes
 * no entry: reads, runs (predictions, upserts, resumes, aborts), sign-in and account links, previews,
 * queries and tests, a chat user's feedback and leads, switching workspace.
 */
const RULES: Record<string, AuditRule> = {
  'POST /chatflows': { action: 'create', objectType: 'flow' },
  'PUT /chatflows/:id': { action: 'update', objectType: 'flow', idFrom: 'id' },
  'DELETE /chatflows/:id': { action: 'delete', objectType: 'flow', idFrom: 'id' },
  'POST /credentials': { action: 'create', objectType: 'credential' },
  'PUT /credentials/:id': { action: 'update', objectType: 'credential', idFrom: 'id' },
  'DELETE /credentials/:id': { action: 'delete', objectType: 'credential', idFrom: 'id' },
  'POST /variables': { action: 'create', objectType: 'variable' },
  'PUT /variables/:id': { action: 'update', objectType: 'variable', idFrom: 'id' },
  'DELETE /variables/:id': { action: 'delete', objectType: 'variable', idFrom: 'id' },
  'POST /tools': { action: 'create', objectType: 'tool' },
  'PUT /tools/:id': { action: 'update', objectType: 'tool', idFrom: 'id' },
  'DELETE /tools/:id': { action: 'delete', objectType: 'tool', idFrom: 'id' },
  'POST /apikey': { action: 'create', objectType: 'api key' },
  'PUT /apikey/:id': { action: 'update', objectType: 'api key', idFrom: 'id' },
  'DELETE /apikey/:id': { action: 'delete', objectType: 'api key', idFrom: 'id' },
  'POST /assistants': { action: 'create', objectType: 'assistant' },
  'PUT /assistants/:id': { action: 'update', objectType: 'assistant', idFrom: 'id' },
  'DELETE /assistants/:id': { action: 'delete', objectType: 'assistant', idFrom: 'id' },
  'POST /openai-assistants-file/upload': { action: 'create', objectType: 'assistant file' },
  'POST /openai-assistants-vector-store': { action: 'create', objectType: 'assistant vector store' },
  'PUT /openai-assistants-vector-store/:id': { action: 'update', objectType: 'assistant vector store', idFrom: 'id' },
  'POST /openai-assistants-vector-store/:id': { action: 'update', objectType: 'assistant vector store', idFrom: 'id' },
  'DELETE /openai-assistants-vector-store/:id': {
    action: 'delete',
    objectType: 'assistant vector store',
    idFrom: 'id',
  },
  'DELETE /openai-assistants-vector-store/:id/files': {
    action: 'update',
    objectType: 'assistant vector store',
    idFrom: 'id',
  },
  'POST /marketplaces/custom': { action: 'create', objectType: 'custom template' },
  'DELETE /marketplaces/custom/:id': { action: 'delete', objectType: 'custom template', idFrom: 'id' },
  'POST /document-store/store': { action: 'create', objectType: 'document store' },
  'PUT /document-store/store/:id': { action: 'update', objectType: 'document store', idFrom: 'id' },
  'DELETE /document-store/store/:id': { action: 'delete', objectType: 'document store', idFrom: 'id' },
  'POST /document-store/files/:storeId': { action: 'create', objectType: 'document store file', idFrom: 'storeId' },
  'POST /document-store/loader/save': { action: 'update', objectType: 'document store loader' },
  'POST /document-store/loader/process/:loaderId': {
    action: 'update',
    objectType: 'document store loader',
    idFrom: 'loaderId',
  },
  'DELETE /document-store/loader/:storeId/:loaderId': {
    action: 'delete',
    objectType: 'document store loader',
    idFrom: 'loaderId',
  },
  'PUT /document-store/chunks/:storeId/:loaderId/:chunkId': {
    action: 'update',
    objectType: 'document store chunk',
    idFrom: 'chunkId',
  },
  'DELETE /document-store/chunks/:storeId/:loaderId/:chunkId': {
    action: 'delete',
    objectType: 'document store chunk',
    idFrom: 'chunkId',
  },
  'POST /document-store/jobs/:jobId/cancel': { action: 'update', objectType: 'document store job', idFrom: 'jobId' },
  'POST /document-store/vectorstore/save': { action: 'update', objectType: 'document store vectors' },
  'POST /document-store/vectorstore/insert': { action: 'update', objectType: 'document store vectors' },
  'DELETE /document-store/vectorstore/:storeId': {
    action: 'delete',
    objectType: 'document store vectors',
    idFrom: 'storeId',
  },
  'DELETE /chatmessage/:flowId': { action: 'delete', objectType: 'chat messages', idFrom: 'flowId' },
  'DELETE /executions': { action: 'delete', objectType: 'execution' },
  'PUT /executions/:id': { action: 'update', objectType: 'execution', idFrom: 'id' },
  'DELETE /executions/:id': { action: 'delete', objectType: 'execution', idFrom: 'id' },
  'POST /export-import/export': { action: 'export', objectType: 'data' },
  'POST /export-import/import': { action: 'import', objectType: 'data' },
  'POST /export-import/import-flowise': { action: 'import', objectType: 'data' },
  'POST /workspace': { action: 'create', objectType: 'workspace' },
  'PUT /workspace': { action: 'update', objectType: 'workspace' },
  'DELETE /workspace/:id': { action: 'delete', objectType: 'workspace', idFrom: 'id' },
  'POST /workspace/link-users/:id': { action: 'create', objectType: 'workspace member', idFrom: 'id' },
  'POST /workspace/unlink-users/:id': { action: 'delete', objectType: 'workspace member', idFrom: 'id' },
  'PUT /workspaceuser': { action: 'update', objectType: 'workspace member', idFrom: 'userId' },
  'DELETE /workspaceuser': { action: 'delete', objectType: 'workspace member', idFrom: 'userId' },
  'POST /workspace/shared/:id': { action: 'share', objectType: 'shared item', idFrom: 'id' },
  'POST /account/invite': { action: 'invite', objectType: 'user' },
  'POST /account/invite/resend': { action: 'invite', objectType: 'invitation' },
  'DELETE /account/invite': { action: 'delete', objectType: 'invitation' },
  'PUT /organizationuser': { action: 'update', objectType: 'user' },
  'DELETE /organizationuser': { action: 'delete', objectType: 'user', idFrom: 'userId' },
  'PUT /user': { action: 'update', objectType: 'user' },
  'POST /role': { action: 'create', objectType: 'role' },
  'PUT /role': { action: 'update', objectType: 'role' },
  'DELETE /role': { action: 'delete', objectType: 'role', idFrom: 'id' },
  'DELETE /role/:id': { action: 'delete', objectType: 'role', idFrom: 'id' },
  'POST /sso-config': { action: 'update', objectType: 'sso config' },
  'PUT /sso-config': { action: 'update', objectType: 'sso config' },
  'DELETE /files': { action: 'delete', objectType: 'file', idFrom: 'id' },
  'POST /login-activity/delete': { action: 'delete', objectType: 'login activity' },
}

/** The audit rule of a management change, or undefined when the request makes no entry. */
export function auditRuleFor(method: string, routePattern: string): AuditRule | undefined {
  const upper = method.toUpperCase() as Method
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) return undefined
  const path = routePattern.startsWith('/api/v1/') ? routePattern.slice('/api/v1'.length) : routePattern
  return RULES[`${upper} ${path}`]
}
