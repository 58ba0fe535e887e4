import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  hasPermission,
  isControlShown,
  isFeatureDisplayed,
  isFlagOn,
  isWorkspaceAllowed,
  type AccessContext,
} from './access.js'
import { PERMISSIONS } from './permissions.js'
import type { Features, PlatformType } from '../types/user.js'

const ctx = (over: Partial<AccessContext> = {}): AccessContext => ({
  platform: 'enterprise',
  isGlobal: false,
  permissions: [],
  features: {},
  activeWorkspaceId: 'ws-1',
  ...over,
})

const PLATFORMS: PlatformType[] = ['open source', 'enterprise', 'cloud']

describe('an API key’s permissions, in every edition', () => {
  it.each(PLATFORMS)('hold on %s: the key passes only what its list names', (platform) => {
    const key = ctx({ platform, isApiKey: true, permissions: ['chatflows:view', 'executions:view'] })
    expect(hasPermission(key, 'chatflows:view')).toBe(true)
    expect(hasPermission(key, 'credentials:view')).toBe(false)
    expect(hasPermission(key, 'apikeys:create')).toBe(false)
    expect(hasPermission(key, 'agentflows:view,executions:view')).toBe(true)
    expect(hasPermission(key, undefined)).toBe(false)
  })

  it('are not widened by a global flag, and keep the key to its own workspace', () => {
    const key = ctx({ platform: 'open source', isGlobal: true, isApiKey: true, permissions: [] })
    expect(hasPermission(key, 'chatflows:view')).toBe(false)
    expect(isWorkspaceAllowed(key, 'ws-1')).toBe(true)
    expect(isWorkspaceAllowed(key, 'ws-2')).toBe(false)
  })

  it('pass no id a key does not hold, whatever the list (property)', () => {
    fc.assert(
      fc.property(fc.subarray([...PERMISSIONS]), fc.constantFrom(...PLATFORMS), (held, platform) => {
        const key = ctx({ platform, isApiKey: true, permissions: held })
        return PERMISSIONS.every((id) => hasPermission(key, id) === held.includes(id))
      }),
    )
  })
})

describe('hasPermission (SPEC §6)', () => {
  it('always passes on open source, even with no permissions and no id', () => {
    const c = ctx({ platform: 'open source', permissions: [] })
    expect(hasPermission(c, 'users:manage')).toBe(true)
    expect(hasPermission(c, undefined)).toBe(true)
    expect(hasPermission(c, '')).toBe(true)
  })

  it.each(['enterprise', 'cloud'] as const)('always passes for global users on %s', (platform) => {
    const c = ctx({ platform, isGlobal: true, permissions: [] })
    expect(hasPermission(c, 'sso:manage')).toBe(true)
    expect(hasPermission(c, undefined)).toBe(true)
  })

  it.each(['enterprise', 'cloud'] as const)(
    'passes on %s when the single permission is held, fails when not',
    (platform) => {
      const c = ctx({ platform, permissions: ['chatflows:view'] })
      expect(hasPermission(c, 'chatflows:view')).toBe(true)
      expect(hasPermission(c, 'agentflows:view')).toBe(false)
    },
  )

  it('a comma-separated list passes when any one id is held', () => {
    const c = ctx({ permissions: ['templates:custom'] })
    expect(hasPermission(c, 'templates:marketplace,templates:custom')).toBe(true)
    expect(hasPermission(c, 'templates:custom,templates:marketplace')).toBe(true)
    expect(hasPermission(c, 'tools:view,variables:view')).toBe(false)
  })

  it('tolerates spaces around commas', () => {
    const c = ctx({ permissions: ['templates:custom'] })
    expect(hasPermission(c, 'templates:marketplace , templates:custom')).toBe(true)
    expect(hasPermission(c, '  templates:custom  ')).toBe(true)
    expect(hasPermission(c, 'templates:marketplace ,tools:view')).toBe(false)
  })

  it('does not match on a prefix or substring of a held permission', () => {
    const c = ctx({ permissions: ['workspace:view'] })
    expect(hasPermission(c, 'workspace')).toBe(false)
    expect(hasPermission(c, 'workspace:vie')).toBe(false)
    expect(hasPermission(c, 'workspace:view:extra')).toBe(false)
  })

  it.each(['enterprise', 'cloud'] as const)(
    'fails on %s when no id is given (undefined, empty, only commas)',
    (platform) => {
      const c = ctx({ platform, permissions: [...PERMISSIONS] })
      expect(hasPermission(c, undefined)).toBe(false)
      expect(hasPermission(c, '')).toBe(false)
      expect(hasPermission(c, ' , ,')).toBe(false)
    },
  )

  it('fails for a non-global user with an empty permission list', () => {
    expect(hasPermission(ctx({ permissions: [] }), 'chatflows:view')).toBe(false)
  })

  it('property: on enterprise/cloud non-global, result === ids.some(held)', () => {
    const idArb = fc.oneof(fc.constantFrom(...PERMISSIONS), fc.constantFrom('unknown:x', 'chatflows', 'logs:edit'))
    fc.assert(
      fc.property(
        fc.constantFrom<PlatformType>('enterprise', 'cloud'),
        fc.subarray([...PERMISSIONS]),
        fc.array(idArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(',', ', ', ' ,', ' , '),
        (platform, held, ids, sep) => {
          const result = hasPermission(ctx({ platform, permissions: held }), ids.join(sep))
          expect(result).toBe(ids.some((id) => held.includes(id as (typeof PERMISSIONS)[number])))
        },
      ),
    )
  })

  it('property: on open source or for global users any id string passes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLATFORMS),
        fc.boolean(),
        fc.subarray([...PERMISSIONS]),
        fc.option(fc.string(), { nil: undefined }),
        (platform, isGlobal, held, ids) => {
          fc.pre(platform === 'open source' || isGlobal)
          expect(hasPermission(ctx({ platform, isGlobal, permissions: held }), ids)).toBe(true)
        },
      ),
    )
  })
})

describe('isWorkspaceAllowed (SPEC §6)', () => {
  it('passes on open source for any workspace', () => {
    expect(isWorkspaceAllowed(ctx({ platform: 'open source', activeWorkspaceId: 'a' }), 'b')).toBe(true)
    expect(isWorkspaceAllowed(ctx({ platform: 'open source', activeWorkspaceId: undefined }), 'b')).toBe(true)
  })

  it.each(['enterprise', 'cloud'] as const)('passes for global users on %s for any workspace', (platform) => {
    expect(isWorkspaceAllowed(ctx({ platform, isGlobal: true, activeWorkspaceId: 'a' }), 'b')).toBe(true)
  })

  it.each(['enterprise', 'cloud'] as const)(
    'on %s a non-global user passes only for the active workspace',
    (platform) => {
      const c = ctx({ platform, activeWorkspaceId: 'ws-1' })
      expect(isWorkspaceAllowed(c, 'ws-1')).toBe(true)
      expect(isWorkspaceAllowed(c, 'ws-2')).toBe(false)
      expect(isWorkspaceAllowed(c, 'WS-1')).toBe(false)
    },
  )

  it('fails for a non-global user without an active workspace', () => {
    expect(isWorkspaceAllowed(ctx({ activeWorkspaceId: undefined }), 'ws-1')).toBe(false)
  })

  it('property: non-global enterprise result equals (id === active)', () => {
    fc.assert(
      fc.property(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('a', 'b', 'c'), (active, asked) => {
        expect(isWorkspaceAllowed(ctx({ activeWorkspaceId: active }), asked)).toBe(active === asked)
      }),
    )
  })
})

describe('isFlagOn / isFeatureDisplayed (SPEC §3, §6)', () => {
  it('true and the text "true" count as on', () => {
    expect(isFlagOn({ 'feat:x': true }, 'feat:x')).toBe(true)
    expect(isFlagOn({ 'feat:x': 'true' }, 'feat:x')).toBe(true)
    expect(isFeatureDisplayed({ 'feat:x': true }, 'feat:x')).toBe(true)
    expect(isFeatureDisplayed({ 'feat:x': 'true' }, 'feat:x')).toBe(true)
  })

  it('false, "false", missing key, empty map and undefined map count as off', () => {
    expect(isFeatureDisplayed({ 'feat:x': false }, 'feat:x')).toBe(false)
    expect(isFeatureDisplayed({ 'feat:x': 'false' }, 'feat:x')).toBe(false)
    expect(isFeatureDisplayed({ 'feat:y': true }, 'feat:x')).toBe(false)
    expect(isFeatureDisplayed({}, 'feat:x')).toBe(false)
    expect(isFeatureDisplayed(undefined, 'feat:x')).toBe(false)
    expect(isFlagOn(undefined, 'feat:x')).toBe(false)
    expect(isFlagOn({}, 'feat:x')).toBe(false)
  })

  it('other truthy-looking values do not count as on', () => {
    const odd = { a: 'TRUE', b: 1, c: 'yes', d: ' true' } as unknown as Features
    for (const key of ['a', 'b', 'c', 'd']) expect(isFlagOn(odd, key)).toBe(false)
  })

  it('passes when no feature is asked for, even with missing features', () => {
    expect(isFeatureDisplayed(undefined, undefined)).toBe(true)
    expect(isFeatureDisplayed({}, undefined)).toBe(true)
    expect(isFeatureDisplayed({}, '')).toBe(true)
  })
})

describe('isControlShown (SPEC §6)', () => {
  const control = { permission: 'users:manage', display: 'feat:users' }

  it('shown when both the permission and the feature pass', () => {
    expect(isControlShown(ctx({ permissions: ['users:manage'], features: { 'feat:users': true } }), control)).toBe(true)
  })

  it('hidden when the permission fails even if the feature is on', () => {
    expect(isControlShown(ctx({ permissions: ['roles:manage'], features: { 'feat:users': true } }), control)).toBe(
      false,
    )
  })

  it('hidden when the feature is off even if the permission is held', () => {
    expect(isControlShown(ctx({ permissions: ['users:manage'], features: { 'feat:users': false } }), control)).toBe(
      false,
    )
    expect(isControlShown(ctx({ permissions: ['users:manage'], features: {} }), control)).toBe(false)
  })

  it('a global user still needs the feature', () => {
    expect(isControlShown(ctx({ isGlobal: true, features: {} }), control)).toBe(false)
    expect(isControlShown(ctx({ isGlobal: true, features: { 'feat:users': 'true' } }), control)).toBe(true)
  })

  it('open source still hides controls whose feature is missing', () => {
    expect(isControlShown(ctx({ platform: 'open source', features: {} }), control)).toBe(false)
    expect(isControlShown(ctx({ platform: 'open source', features: {} }), { permission: 'users:manage' })).toBe(true)
  })

  it('a control with only a permission is judged by the permission', () => {
    expect(isControlShown(ctx({ permissions: ['tools:view'] }), { permission: 'tools:view' })).toBe(true)
    expect(isControlShown(ctx({ permissions: [] }), { permission: 'tools:view' })).toBe(false)
  })

  it('a control with only a feature is judged by the feature', () => {
    expect(isControlShown(ctx({ features: { 'feat:account': true } }), { display: 'feat:account' })).toBe(true)
    expect(isControlShown(ctx({ features: {} }), { display: 'feat:account' })).toBe(false)
  })
})
