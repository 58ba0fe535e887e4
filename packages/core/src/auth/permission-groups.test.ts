import { describe, expect, it } from 'vitest'
import { API_KEY_PERMISSION_GROUPS, API_KEY_PERMISSIONS } from './api-key-permissions.js'
import {
  groupSelection,
  inGroupOrder,
  PERMISSION_GROUPS,
  permissionGroupsOf,
  ROLE_PERMISSION_GROUPS,
  toggleGroup,
  togglePermission,
  type PermissionGroup,
} from './permission-groups.js'
import { PERMISSIONS } from './permissions.js'

const groupOf = (label: string): PermissionGroup => PERMISSION_GROUPS.find((g) => g.label === label)!

describe('permission groups', () => {
  it('hold every permission exactly once', () => {
    const all = PERMISSION_GROUPS.flatMap((g) => g.permissions.map((p) => p.id))
    expect([...all].sort()).toEqual([...PERMISSIONS].sort())
    expect(new Set(all).size).toBe(all.length)
  })

  it('list the areas in the role dialog’s order', () => {
    expect(ROLE_PERMISSION_GROUPS.map((g) => g.label)).toEqual([
      'Chatflows',
      'Agentflows',
      'Tools',
      'Assistants',
      'Credentials',
      'Variables',
      'API keys',
      'Document stores',
      'Templates',
      'Executions',
      'Evaluations',
      'Workspaces',
      'Users & roles',
      'Logs',
    ])
  })

  it('narrowed, keep the order and drop empty groups: the API key dialog is the same grouping', () => {
    const narrowed = permissionGroupsOf(['executions:view', 'chatflows:update', 'chatflows:view'])
    expect(narrowed).toEqual([
      {
        label: 'Chatflows',
        permissions: [
          { id: 'chatflows:view', label: 'View' },
          { id: 'chatflows:update', label: 'Edit' },
        ],
      },
      { label: 'Executions', permissions: [{ id: 'executions:view', label: 'View' }] },
    ])
    for (const g of API_KEY_PERMISSION_GROUPS) {
      const whole = groupOf(g.label)
      for (const p of g.permissions) expect(whole.permissions).toContainEqual(p)
    }
    expect(API_KEY_PERMISSIONS).toHaveLength(47)
    expect(API_KEY_PERMISSION_GROUPS.map((g) => g.label)).not.toContain('Users & roles')
  })

  it('sort a chosen list into the groups’ order and drop what is not a permission', () => {
    expect(inGroupOrder(['logs:view', 'bogus', 'chatflows:view', 'chatflows:view'])).toEqual([
      'chatflows:view',
      'logs:view',
    ])
  })

  it('select-all ticks the whole group, then clears it; the box shows all, some or none', () => {
    const tools = groupOf('Tools')
    const none = new Set<string>(['chatflows:view'])
    expect(groupSelection(tools, none)).toBe('none')
    const some = togglePermission(tools, none, 'tools:view', true)
    expect(groupSelection(tools, some)).toBe('some')
    const all = toggleGroup(tools, some)
    expect(groupSelection(tools, all)).toBe('all')
    expect([...all].sort()).toEqual(['chatflows:view', ...tools.permissions.map((p) => p.id)].sort())
    const cleared = toggleGroup(tools, all)
    expect([...cleared]).toEqual(['chatflows:view'])
  })

  it('ticking a write permission ticks its view; clearing the view clears the writes', () => {
    const tools = groupOf('Tools')
    const withEdit = togglePermission(tools, new Set(), 'tools:update', true)
    expect([...withEdit].sort()).toEqual(['tools:update', 'tools:view'])
    const more = togglePermission(tools, withEdit, 'tools:export', true)
    expect(togglePermission(tools, more, 'tools:update', false).has('tools:view')).toBe(true)
    expect([...togglePermission(tools, more, 'tools:view', false)]).toEqual([])
    // Templates and evaluations have no single view: nothing else moves.
    const templates = groupOf('Templates')
    expect([...togglePermission(templates, new Set(), 'templates:custom-delete', true)]).toEqual([
      'templates:custom-delete',
    ])
  })
})
