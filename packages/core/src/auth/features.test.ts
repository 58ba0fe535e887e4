import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { FEATURE_FLAGS, featuresFor, permissionsFor } from './features.js'
import { PERMISSIONS } from './permissions.js'
import { BUILT_IN_ROLES } from './built-in-roles.js'

const SPEC_PERMISSIONS = [
  'chatflows:view', 'agentflows:view', 'executions:view', 'assistants:view', 'templates:marketplace',
  'templates:custom', 'tools:view', 'credentials:view', 'variables:view', 'apikeys:view', 'documentStores:view',
  'datasets:view', 'evaluators:view', 'evaluations:view', 'sso:manage', 'roles:manage', 'users:manage',
  'workspace:view', 'workspace:export', 'workspace:import', 'loginActivity:view', 'logs:view',
  // Weft's edit permissions (see permissions.ts)
  'chatflows:create', 'chatflows:update', 'chatflows:delete',
  'agentflows:create', 'agentflows:update', 'agentflows:delete',
  'credentials:create', 'credentials:update', 'credentials:delete',
  'variables:create', 'variables:update', 'variables:delete',
  'apikeys:create', 'apikeys:update', 'apikeys:delete',
  'documentStores:create', 'documentStores:update', 'documentStores:delete', 'documentStores:add-loader',
  'documentStores:delete-loader', 'documentStores:preview-process', 'documentStores:upsert-config',
  'tools:create', 'tools:update', 'tools:delete', 'tools:export',
  'assistants:create', 'assistants:update', 'assistants:delete',
  'templates:custom-delete', 'templates:toolexport', 'templates:flowexport',
  'workspace:create', 'workspace:update', 'workspace:add-user', 'workspace:unlink-user', 'workspace:delete',
]

const SPEC_FLAGS = [
  'feat:datasets', 'feat:evaluations', 'feat:evaluators', 'feat:logs', 'feat:files', 'feat:account',
  'feat:users', 'feat:roles', 'feat:login-activity', 'feat:workspaces', 'feat:sso-config',
]

describe('PERMISSIONS and FEATURE_FLAGS', () => {
  it('PERMISSIONS is exactly the SPEC §6 list plus the edit permissions, without duplicates', () => {
    expect([...PERMISSIONS].sort()).toEqual([...SPEC_PERMISSIONS].sort())
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length)
  })

  it('FEATURE_FLAGS is exactly the flags named in SPEC §2', () => {
    expect([...FEATURE_FLAGS].sort()).toEqual([...SPEC_FLAGS].sort())
  })

  it('built-in roles only name real permissions', () => {
    for (const role of BUILT_IN_ROLES) for (const p of role.permissions) expect(SPEC_PERMISSIONS).toContain(p)
  })
})

describe('featuresFor', () => {
  it('open source gets an empty map (no feature checks)', () => {
    expect(featuresFor('open source')).toEqual({})
    expect(featuresFor('open source', 'enterprise')).toEqual({})
  })

  it('enterprise has the licence flags on, e.g. feat:users, but not feat:account', () => {
    const f = featuresFor('enterprise')
    expect(f['feat:users']).toBe(true)
    expect(f['feat:workspaces']).toBe(true)
    expect(f['feat:sso-config']).toBe(true)
    expect(f).not.toHaveProperty('feat:account')
    expect(Object.keys(f).sort()).toEqual(SPEC_FLAGS.filter((x) => x !== 'feat:account').sort())
  })

  it('enterprise ignores the cloud plan argument', () => {
    expect(featuresFor('enterprise', 'free')).toEqual(featuresFor('enterprise', 'pro'))
  })

  it('cloud defaults to the free plan, which has account settings only', () => {
    expect(featuresFor('cloud')).toEqual({ 'feat:account': true })
    expect(featuresFor('cloud', 'free')).toEqual({ 'feat:account': true })
  })

  it('cloud starter adds files', () => {
    expect(featuresFor('cloud', 'starter')).toEqual({ 'feat:account': true, 'feat:files': true })
  })

  it('cloud pro adds evaluations and user/workspace management but not SSO, roles or logs', () => {
    const f = featuresFor('cloud', 'pro')
    for (const on of ['feat:account', 'feat:files', 'feat:datasets', 'feat:evaluations', 'feat:evaluators', 'feat:users', 'feat:workspaces', 'feat:login-activity']) {
      expect(f[on]).toBe(true)
    }
    for (const off of ['feat:sso-config', 'feat:roles', 'feat:logs']) expect(f).not.toHaveProperty(off)
  })

  it('cloud enterprise plan turns every flag on, including account', () => {
    const f = featuresFor('cloud', 'enterprise')
    expect(Object.keys(f).sort()).toEqual([...SPEC_FLAGS].sort())
    expect(Object.values(f).every((v) => v === true)).toBe(true)
  })

  it('plans only grow: free ⊆ starter ⊆ pro ⊆ enterprise', () => {
    const plans = ['free', 'starter', 'pro', 'enterprise'] as const
    for (let i = 1; i < plans.length; i++) {
      const smaller = Object.keys(featuresFor('cloud', plans[i - 1]))
      const bigger = Object.keys(featuresFor('cloud', plans[i]))
      for (const flag of smaller) expect(bigger).toContain(flag)
      expect(bigger.length).toBeGreaterThan(smaller.length)
    }
  })

  it('returns a fresh map each time (callers may mutate it)', () => {
    const a = featuresFor('enterprise')
    a['feat:users'] = false
    expect(featuresFor('enterprise')['feat:users']).toBe(true)
  })
})

describe('permissionsFor', () => {
  it('an organization admin gets every permission regardless of role', () => {
    expect([...permissionsFor(true, [])].sort()).toEqual([...SPEC_PERMISSIONS].sort())
    expect([...permissionsFor(true, ['chatflows:view'])].sort()).toEqual([...SPEC_PERMISSIONS].sort())
  })

  it("a member gets only the role's real permissions; unknown strings are dropped", () => {
    const got = permissionsFor(false, ['tools:view', 'bogus:perm', 'chatflows:view', 'Tools:View', ' tools:view'])
    expect([...got].sort()).toEqual(['chatflows:view', 'tools:view'])
  })

  it('a member with an empty role gets nothing', () => {
    expect(permissionsFor(false, [])).toEqual([])
  })

  it('does not duplicate permissions the role lists twice', () => {
    expect(permissionsFor(false, ['logs:view', 'logs:view'])).toEqual(['logs:view'])
  })

  it('the built-in member role keeps all its permissions', () => {
    const member = BUILT_IN_ROLES.find((r) => r.name === 'member')!
    expect([...permissionsFor(false, member.permissions)].sort()).toEqual([...member.permissions].sort())
  })

  it('property: member result is exactly role ∩ SPEC permissions', () => {
    const str = fc.oneof(fc.constantFrom(...SPEC_PERMISSIONS), fc.string())
    fc.assert(
      fc.property(fc.array(str, { maxLength: 30 }), (role) => {
        const expected = [...new Set(role.filter((p) => SPEC_PERMISSIONS.includes(p)))].sort()
        expect([...permissionsFor(false, role)].sort()).toEqual(expected)
      }),
    )
  })

  it('returns a copy: mutating the admin list does not affect PERMISSIONS', () => {
    const list = permissionsFor(true, [])
    list.pop()
    expect(permissionsFor(true, []).length).toBe(SPEC_PERMISSIONS.length)
  })
})
