import { PERMISSIONS, type Permission } from './permissions.js'

/** What only organization admins and roles made for it may do: manage people, access and audit trails. */
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

export interface BuiltInRole {
  name: string
  description: string
  permissions: readonly Permission[]
}

/** Roles every organization starts with; organization admins hold every permission without one. */
export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  {
    name: 'member',
    description: 'Builds and runs flows in the workspace',
    permissions: PERMISSIONS.filter((permission) => !ADMIN_PERMISSIONS.includes(permission)),
  },
  {
    name: 'viewer',
    description: 'Sees flows and executions, changes nothing',
    permissions: ['chatflows:view', 'agentflows:view', 'executions:view', 'templates:marketplace'],
  },
]
