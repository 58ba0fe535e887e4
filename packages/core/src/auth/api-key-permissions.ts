import { hasPermission, type AccessContext } from './access.js'
import type { Permission } from './permissions.js'

/** One group of the permissions an API key may be given, as the key dialog shows it. */
export interface ApiKeyPermissionGroup {
  label: string
  permissions: { id: Permission; label: string }[]
}

const group = (label: string, entries: [Permission, string][]): ApiKeyPermissionGroup => ({
  label,
  permissions: entries.map(([id, text]) => ({ id, label: text })),
})

const crud = (name: string): [string, string][] => [
  [`${name}:view`, 'View'],
  [`${name}:create`, 'Create'],
  [`${name}:update`, 'Edit'],
  [`${name}:delete`, 'Delete'],
]
const crudOf = (name: 'chatflows' | 'agentflows' | 'assistants' | 'tools' | 'credentials' | 'variables' | 'apikeys') =>
  crud(name) as [Permission, string][]

/**
 * What a workspace's API key may be allowed to do, grouped as the key dialog lists it. The
 * organization's own management (users, roles, single sign-on, login activity) is a person's
 * job and is not offered to keys.
 */
export const API_KEY_PERMISSION_GROUPS: readonly ApiKeyPermissionGroup[] = [
  group('Chatflows', crudOf('chatflows')),
  group('Agentflows', crudOf('agentflows')),
  group('Executions', [['executions:view', 'View']]),
  group('Assistants', crudOf('assistants')),
  group('Tools', [...crudOf('tools'), ['tools:export', 'Export']]),
  group('Document stores', [
    ['documentStores:view', 'View'],
    ['documentStores:create', 'Create'],
    ['documentStores:update', 'Edit'],
    ['documentStores:delete', 'Delete'],
    ['documentStores:add-loader', 'Add loader'],
    ['documentStores:delete-loader', 'Delete loader'],
    ['documentStores:preview-process', 'Preview and process'],
    ['documentStores:upsert-config', 'Upsert'],
  ]),
  group('Templates', [
    ['templates:marketplace', 'Marketplace'],
    ['templates:custom', 'Custom templates'],
    ['templates:custom-delete', 'Delete custom templates'],
    ['templates:flowexport', 'Export flows'],
    ['templates:toolexport', 'Export tools'],
  ]),
  group('Variables', crudOf('variables')),
  group('Credentials', crudOf('credentials')),
  group('API keys', crudOf('apikeys')),
  group('Workspace', [
    ['workspace:view', 'View'],
    ['workspace:export', 'Export'],
    ['workspace:import', 'Import'],
    ['logs:view', 'View logs'],
  ]),
]

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
