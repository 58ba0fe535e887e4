import { PERMISSIONS, type Permission } from './permissions.js'

/** One area's permissions as a dialog lists them: the role dialog and the API key dialog share these. */
export interface PermissionGroup {
  label: string
  permissions: { id: Permission; label: string }[]
}

const group = (label: string, entries: [Permission, string][]): PermissionGroup => ({
  label,
  permissions: entries.map(([id, text]) => ({ id, label: text })),
})

type Crud = 'chatflows' | 'agentflows' | 'assistants' | 'tools' | 'credentials' | 'variables' | 'apikeys'
const crud = (name: Crud): [Permission, string][] =>
  (
    [
      [`${name}:view`, 'View'],
      [`${name}:create`, 'Create'],
      [`${name}:update`, 'Edit'],
      [`${name}:delete`, 'Delete'],
    ] as [string, string][]
  ).map(([id, text]) => [id as Permission, text])

/**
 * Every permission, grouped by the area it touches, in the order Flowise's role dialog lists them.
 * Each permission is in exactly one group (a unit test holds to it).
 */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = [
  group('Chatflows', crud('chatflows')),
  group('Agentflows', crud('agentflows')),
  group('Tools', [...crud('tools'), ['tools:export', 'Export']]),
  group('Assistants', crud('assistants')),
  group('Credentials', crud('credentials')),
  group('Variables', crud('variables')),
  group('API keys', crud('apikeys')),
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
  group('Executions', [['executions:view', 'View']]),
  group('Evaluations', [
    ['datasets:view', 'Datasets'],
    ['evaluators:view', 'Evaluators'],
    ['evaluations:view', 'Evaluations'],
  ]),
  group('Workspaces', [
    ['workspace:view', 'View'],
    ['workspace:create', 'Create'],
    ['workspace:update', 'Edit'],
    ['workspace:delete', 'Delete'],
    ['workspace:add-user', 'Add members'],
    ['workspace:unlink-user', 'Remove members'],
    ['workspace:export', 'Export'],
    ['workspace:import', 'Import'],
  ]),
  group('Users & roles', [
    ['users:manage', 'Manage users'],
    ['roles:manage', 'Manage roles'],
    ['sso:manage', 'Single sign-on'],
  ]),
  group('Logs', [
    ['logs:view', 'Server logs'],
    ['loginActivity:view', 'Login activity'],
  ]),
]

/** The groups narrowed to `allowed` (in the groups' order), leaving out groups with none left. */
export function permissionGroupsOf(allowed: readonly Permission[]): PermissionGroup[] {
  return PERMISSION_GROUPS.map((g) => ({
    ...g,
    permissions: g.permissions.filter((p) => allowed.includes(p.id)),
  })).filter((g) => g.permissions.length > 0)
}

/** The role dialog offers every permission. */
export const ROLE_PERMISSION_GROUPS: readonly PermissionGroup[] = PERMISSION_GROUPS

/** `permissions` in the groups' order, each once; anything that is not a permission is dropped. */
export function inGroupOrder(permissions: Iterable<string>): Permission[] {
  const chosen = new Set(permissions)
  return PERMISSION_GROUPS.flatMap((g) => g.permissions.map((p) => p.id)).filter((id) => chosen.has(id))
}

/** How a group's select-all box shows: all, some (indeterminate) or none of its permissions chosen. */
export function groupSelection(g: PermissionGroup, chosen: ReadonlySet<string>): 'all' | 'some' | 'none' {
  const count = g.permissions.filter((p) => chosen.has(p.id)).length
  if (count === 0) return 'none'
  return count === g.permissions.length ? 'all' : 'some'
}

/** Select-all: ticks every permission of the group unless all are ticked already, then clears them. */
export function toggleGroup(g: PermissionGroup, chosen: ReadonlySet<string>): Set<string> {
  const next = new Set(chosen)
  const on = groupSelection(g, chosen) !== 'all'
  for (const p of g.permissions) {
    if (on) next.add(p.id)
    else next.delete(p.id)
  }
  return next
}

/** The area's view permission a write permission needs to be of use (`tools:update` → `tools:view`). */
const viewOf = (g: PermissionGroup, id: string): string | undefined => {
  const view = `${id.split(':')[0]}:view`
  return view !== id && g.permissions.some((p) => p.id === view) ? view : undefined
}

/**
 * Ticks or clears one permission. As in Flowise's role dialog, ticking a write permission ticks
 * its area's view too (changing what one cannot see is of no use), and clearing the view clears
 * the area's write permissions with it.
 */
export function togglePermission(
  g: PermissionGroup,
  chosen: ReadonlySet<string>,
  id: string,
  on: boolean,
): Set<string> {
  const next = new Set(chosen)
  if (on) {
    next.add(id)
    const view = viewOf(g, id)
    if (view) next.add(view)
  } else {
    next.delete(id)
    for (const p of g.permissions) if (viewOf(g, p.id) === id) next.delete(p.id)
  }
  return next
}

/** Every permission is in one group: the count the role list shows out of. */
export const PERMISSION_COUNT = PERMISSIONS.length
