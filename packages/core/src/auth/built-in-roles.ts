import { PERMISSIONS, type Permission } from './permissions.js'

/**
 * What only organization admins and roles made for it may do: manage people, access, workspaces
 * and audit trails. On the open-source edition these stay with the organization's admins
 * (server-permission.ts), though every other permission passes there.
 */
export const ADMIN_PERMISSIONS: readonly Permission[] = [
  'sso:manage',
  'roles:manage',
  'users:manage',
  'workspace:view',
  'workspace:create',
  'workspace:update',
  'workspace:add-user',
  'workspace:unlink-user',
  'workspace:delete',
  'loginActivity:view',
  'logs:view',
]

/**
 * The organization's own business, beyond any one workspace: its people, roles, single sign-on,
 * which workspaces exist, and its audit trails. A workspace admin holds none of these.
 */
export const ORGANIZATION_PERMISSIONS: readonly Permission[] = [
  'users:manage',
  'roles:manage',
  'sso:manage',
  'workspace:create',
  'workspace:delete',
  'loginActivity:view',
  'logs:view',
]

/** Running a workspace: seeing it, renaming it, managing its members, moving its contents in and out. */
export const WORKSPACE_ADMIN_PERMISSIONS: readonly Permission[] = [
  'workspace:view',
  'workspace:update',
  'workspace:add-user',
  'workspace:unlink-user',
  'workspace:export',
  'workspace:import',
]

/**
 * What a viewer sees: the workspace's flows, runs and building blocks. Credentials, variables and
 * API keys are left out: they are the workspace's access to other systems and to itself.
 */
export const VIEWER_PERMISSIONS: readonly Permission[] = [
  'chatflows:view',
  'agentflows:view',
  'executions:view',
  'assistants:view',
  'templates:marketplace',
  'templates:custom',
  'tools:view',
  'documentStores:view',
  'datasets:view',
  'evaluators:view',
  'evaluations:view',
]

export type BuiltInRoleName = 'owner' | 'admin' | 'member' | 'viewer'

export interface BuiltInRole {
  name: BuiltInRoleName
  description: string
  permissions: readonly Permission[]
}

const without = (excluded: readonly Permission[]): Permission[] =>
  PERMISSIONS.filter((permission) => !excluded.includes(permission))

/**
 * Roles every organization shares (organization_id null), written to the database at start.
 * Organization admins hold every permission without a role and are shown as `owner`.
 */
export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  {
    name: 'owner',
    description: 'Everything, in every workspace: the organization admin’s role',
    permissions: [...PERMISSIONS],
  },
  {
    name: 'admin',
    description: 'Runs the workspace: builds, manages its members, exports and imports',
    permissions: without(ORGANIZATION_PERMISSIONS),
  },
  {
    name: 'member',
    description: 'Builds and runs flows in the workspace',
    permissions: without([...ADMIN_PERMISSIONS, ...WORKSPACE_ADMIN_PERMISSIONS]),
  },
  {
    name: 'viewer',
    description: 'Sees flows, executions and their building blocks, changes nothing',
    permissions: VIEWER_PERMISSIONS,
  },
]

export const BUILT_IN_ROLE_NAMES: readonly BuiltInRoleName[] = BUILT_IN_ROLES.map((role) => role.name)

/** True for a built-in role's name, in any case: a custom role may not take one. */
export const isBuiltInRoleName = (name: string): boolean =>
  BUILT_IN_ROLE_NAMES.some((builtIn) => builtIn === name.trim().toLowerCase())

export const builtInRole = (name: string): BuiltInRole | undefined => BUILT_IN_ROLES.find((role) => role.name === name)
