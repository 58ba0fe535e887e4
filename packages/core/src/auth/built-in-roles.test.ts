import { describe, expect, it } from 'vitest'
import type { AccessContext } from './access.js'
import {
  ADMIN_PERMISSIONS,
  BUILT_IN_ROLES,
  builtInRole,
  isBuiltInRoleName,
  ORGANIZATION_PERMISSIONS,
} from './built-in-roles.js'
import { isPermission, PERMISSIONS } from './permissions.js'
import { hasServerPermission } from './server-permission.js'

const role = (name: string) => builtInRole(name)!.permissions as readonly string[]
const enterprise = (permissions: readonly string[]): AccessContext => ({
  platform: 'enterprise',
  isGlobal: false,
  permissions,
  features: {},
})

describe('built-in roles', () => {
  it('are owner, admin, member and viewer, each naming real permissions once', () => {
    expect(BUILT_IN_ROLES.map((r) => r.name)).toEqual(['owner', 'admin', 'member', 'viewer'])
    for (const r of BUILT_IN_ROLES) {
      expect(r.permissions.every(isPermission), r.name).toBe(true)
      expect(new Set(r.permissions).size, r.name).toBe(r.permissions.length)
      expect(r.description.length, r.name).toBeGreaterThan(0)
    }
  })

  it('owner holds every permission: the organization admin’s role', () => {
    expect([...role('owner')].sort()).toEqual([...PERMISSIONS].sort())
  })

  it('admin runs a workspace: its members, renaming, export and import, but nothing of the organization', () => {
    const admin = role('admin')
    for (const id of ['workspace:view', 'workspace:update', 'workspace:add-user', 'workspace:unlink-user']) {
      expect(admin).toContain(id)
    }
    expect(admin).toContain('workspace:export')
    expect(admin).toContain('workspace:import')
    expect(admin).toContain('credentials:delete')
    for (const id of [
      'users:manage',
      'roles:manage',
      'sso:manage',
      'workspace:create',
      'workspace:delete',
      'logs:view',
      'loginActivity:view',
    ]) {
      expect(admin, id).not.toContain(id)
    }
    expect(admin.length).toBe(PERMISSIONS.length - ORGANIZATION_PERMISSIONS.length)
  })

  it('member builds and runs: every build permission, no workspace or organization management', () => {
    const member = role('member')
    for (const id of ['chatflows:create', 'agentflows:delete', 'documentStores:upsert-config', 'apikeys:create']) {
      expect(member).toContain(id)
    }
    for (const id of [...ADMIN_PERMISSIONS, 'workspace:export', 'workspace:import'])
      expect(member, id).not.toContain(id)
  })

  it('viewer only views, and not the workspace’s credentials, variables or API keys', () => {
    const viewer = role('viewer')
    expect(
      viewer.every((id) => id.endsWith(':view') || id === 'templates:marketplace' || id === 'templates:custom'),
    ).toBe(true)
    expect(viewer).toContain('chatflows:view')
    expect(viewer).toContain('documentStores:view')
    for (const id of ['credentials:view', 'variables:view', 'apikeys:view', 'workspace:view', 'logs:view']) {
      expect(viewer, id).not.toContain(id)
    }
  })

  it('each role holds all of the next one’s permissions: owner ⊇ admin ⊇ member ⊇ viewer', () => {
    const names = ['owner', 'admin', 'member', 'viewer']
    for (let i = 1; i < names.length; i++) {
      const bigger = role(names[i - 1]!)
      for (const id of role(names[i]!)) expect(bigger, `${names[i - 1]} ⊇ ${names[i]}: ${id}`).toContain(id)
    }
  })

  it('the server enforces them on enterprise: an admin may add workspace members, not invite users', () => {
    expect(hasServerPermission(enterprise(role('admin')), 'workspace:add-user')).toBe(true)
    expect(hasServerPermission(enterprise(role('admin')), 'users:manage')).toBe(false)
    expect(hasServerPermission(enterprise(role('member')), 'workspace:view')).toBe(false)
    expect(hasServerPermission(enterprise(role('viewer')), 'chatflows:create')).toBe(false)
  })

  it('the open-source rule holds: the organization’s management stays with its admins even for an owner role', () => {
    const ctx: AccessContext = { ...enterprise(role('owner')), platform: 'open source' }
    expect(hasServerPermission(ctx, 'roles:manage')).toBe(false)
    expect(hasServerPermission(ctx, 'chatflows:create')).toBe(true)
    expect(hasServerPermission({ ...ctx, isGlobal: true }, 'roles:manage')).toBe(true)
  })

  it('knows the built-in names in any case, so a custom role cannot take one', () => {
    expect(isBuiltInRoleName('Owner')).toBe(true)
    expect(isBuiltInRoleName(' viewer ')).toBe(true)
    expect(isBuiltInRoleName('editor')).toBe(false)
  })
})
