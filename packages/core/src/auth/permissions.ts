/** Every permission string of SPEC §6, in the order the role editor lists them. */
export const PERMISSIONS = [
  'chatflows:view',
  'agentflows:view',
  'executions:view',
  'assistants:view',
  'templates:marketplace',
  'templates:custom',
  'tools:view',
  'credentials:view',
  'variables:view',
  'apikeys:view',
  'documentStores:view',
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
