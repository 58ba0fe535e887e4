/**
 * Every permission string of SPEC §6, in the order the role editor lists them, plus the edit
 * permissions Weft adds for flows, credentials, variables, API keys and document stores (Flowise's names): SPEC §6 names only `:view`,
 * which would let a viewer change them.
 */
export const PERMISSIONS = [
  'chatflows:view',
  'chatflows:create',
  'chatflows:update',
  'chatflows:delete',
  'agentflows:view',
  'agentflows:create',
  'agentflows:update',
  'agentflows:delete',
  'executions:view',
  'assistants:view',
  'templates:marketplace',
  'templates:custom',
  'tools:view',
  'credentials:view',
  'credentials:create',
  'credentials:update',
  'credentials:delete',
  'variables:view',
  'variables:create',
  'variables:update',
  'variables:delete',
  'apikeys:view',
  'apikeys:create',
  'apikeys:update',
  'apikeys:delete',
  'documentStores:view',
  'documentStores:create',
  'documentStores:update',
  'documentStores:delete',
  'documentStores:add-loader',
  'documentStores:delete-loader',
  'documentStores:preview-process',
  'documentStores:upsert-config',
  'datasets:view',
  'evaluators:view',
  'evaluations:view',
  'sso:manage',
  'roles:manage',
  'users:manage',
  'workspace:view',
  'workspace:export',
  'workspace:import',
  'loginActivity:view',
  'logs:view',
] as const

export type Permission = (typeof PERMISSIONS)[number]

export const isPermission = (value: string): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value)
