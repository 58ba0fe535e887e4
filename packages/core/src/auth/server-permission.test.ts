import { describe, expect, it } from 'vitest'
import type { AccessContext } from './access.js'
import { hasServerPermission } from './server-permission.js'

const ctx = (over: Partial<AccessContext> = {}): AccessContext => ({
  platform: 'open source',
  isGlobal: false,
  permissions: [],
  features: {},
  activeWorkspaceId: 'ws-1',
  ...over,
})

describe('hasServerPermission: what the server enforces', () => {
  it('keeps managing people, roles and access to organization admins on open source', () => {
    for (const id of ['users:manage', 'roles:manage', 'sso:manage', 'workspace:view', 'logs:view']) {
      expect(hasServerPermission(ctx(), id)).toBe(false)
      expect(hasServerPermission(ctx({ permissions: [id] }), id)).toBe(false)
      expect(hasServerPermission(ctx({ isGlobal: true }), id)).toBe(true)
    }
  })

  it('passes everything else on open source, as SPEC §6 says', () => {
    expect(hasServerPermission(ctx(), 'chatflows:create')).toBe(true)
    expect(hasServerPermission(ctx(), 'users:manage,chatflows:view')).toBe(true)
    expect(hasServerPermission(ctx(), undefined)).toBe(true)
  })

  it.each(['enterprise', 'cloud'] as const)('on %s decides as hasPermission: held, global or refused', (platform) => {
    expect(hasServerPermission(ctx({ platform, permissions: ['users:manage'] }), 'users:manage')).toBe(true)
    expect(hasServerPermission(ctx({ platform, isGlobal: true }), 'users:manage')).toBe(true)
    expect(hasServerPermission(ctx({ platform, permissions: ['chatflows:view'] }), 'users:manage')).toBe(false)
    expect(hasServerPermission(ctx({ platform }), 'chatflows:view')).toBe(false)
  })
})
