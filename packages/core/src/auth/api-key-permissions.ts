import { hasPermission, type AccessContext } from './access.js'
import { permissionGroupsOf, type PermissionGroup } from './permission-groups.js'
import type { Permission } from './permissions.js'

/** One group of the permissions an API key may be given, as the key dialog shows it. */
export type ApiKeyPermissionGroup = PermissionGroup

/**
 * What a workspace's API key may be allowed to do: the workspace's own building blocks, its
 * export and import, and its server logs. The organization's own management (users, roles,
 * single sign-on, workspaces, login activity) is a person's job and is not offered to keys.
 */
const KEY_PERMISSIONS: readonly Permission[] = [
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
  'assistants:create',
  'assistants:update',
  'assistants:delete',
  'tools:view',
  'tools:create',
  'tools:update',
  'tools:delete',
  'tools:export',
  'documentStores:view',
  'documentStores:create',
  'documentStores:update',
  'documentStores:delete',
  'documentStores:add-loader',
  'documentStores:delete-loader',
  'documentStores:preview-process',
  'documentStores:upsert-config',
  'templates:marketplace',
  'templates:custom',
  'templates:custom-delete',
  'templates:flowexport',
  'templates:toolexport',
  'variables:view',
  'variables:create',
  'variables:update',
  'variables:delete',
  'credentials:view',
  'credentials:create',
  'credentials:update',
  'credentials:delete',
  'apikeys:view',
  'apikeys:create',
  'apikeys:update',
  'apikeys:delete',
  'workspace:view',
  'workspace:export',
  'workspace:import',
  'logs:view',
]

/** The key dialog's groups: the shared grouping (permission-groups.ts) narrowed to what a key may hold. */
export const API_KEY_PERMISSION_GROUPS: readonly ApiKeyPermissionGroup[] = permissionGroupsOf(KEY_PERMISSIONS)

/** Every permission a key may hold, in the dialog's order. */
export const API_KEY_PERMISSIONS: readonly Permission[] = API_KEY_PERMISSION_GROUPS.flatMap((g) =>
  g.permissions.map((p) => p.id),
)

export const isApiKeyPermission = (value: string): value is Permission =>
  (API_KEY_PERMISSIONS as readonly string[]).includes(value)

/**
 * The first permission of `wanted` that the caller may not give a key, or undefined when it may
 * give them all: a key never gets more than its maker holds (a key making keys included).
 */
export function refusedKeyPermission(maker: AccessContext, wanted: readonly string[]): string | undefined {
  return wanted.find((id) => !hasPermission(maker, id))
}
