import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { decideRoute, pathAfterLogin } from './route-guard.js'
import { ROUTES, type RouteRule } from './route-table.js'
import type { AccessContext } from '../auth/access.js'
import { PERMISSIONS } from '../auth/permissions.js'
import { FEATURE_FLAGS, featuresFor } from '../auth/features.js'
import type { Features, PlatformType } from '../types/user.js'

const ctx = (over: Partial<AccessContext> = {}): AccessContext => ({
  platform: 'enterprise',
  isGlobal: false,
  permissions: ['chatflows:view'],
  features: {},
  activeWorkspaceId: 'ws-1',
  ...over,
})

const route = (path: string): RouteRule => {
  const found = ROUTES.find((r) => r.path === path)
  if (!found) throw new Error(`route ${path} missing`)
  return found
}

const SHOW = { kind: 'show' }
const UNAUTHORIZED = { kind: 'unauthorized' }

describe('decideRoute (SPEC §2 route guard)', () => {
  it('no signed-in user → login, remembering the requested path (with query)', () => {
    expect(decideRoute(route('/datasets'), undefined, '/datasets?page=2')).toEqual({
      kind: 'login',
      from: '/datasets?page=2',
    })
    expect(decideRoute(route('/chatflows'), undefined, '/chatflows')).toEqual({ kind: 'login', from: '/chatflows' })
    expect(decideRoute(route('/user-profile'), undefined, '/user-profile')).toEqual({
      kind: 'login',
      from: '/user-profile',
    })
  })

  describe('open source', () => {
    const os = ctx({ platform: 'open source', permissions: [], features: {} })

    it('a flagged route → unauthorized, even with the flag on and global', () => {
      expect(decideRoute(route('/datasets'), os, '/datasets')).toEqual(UNAUTHORIZED)
      expect(decideRoute(route('/files'), os, '/files')).toEqual(UNAUTHORIZED)
      expect(
        decideRoute(
          route('/users'),
          ctx({ platform: 'open source', isGlobal: true, features: { 'feat:users': true } }),
          '/users',
        ),
      ).toEqual(UNAUTHORIZED)
    })

    it('an unflagged route → shown, even without permissions', () => {
      expect(decideRoute(route('/chatflows'), os, '/chatflows')).toEqual(SHOW)
      expect(decideRoute(route('/executions'), os, '/executions')).toEqual(SHOW)
      expect(decideRoute(route('/canvas/:id'), os, '/canvas/1')).toEqual(SHOW)
    })

    it('property: decision is unauthorized iff route.display is set', () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...ROUTES),
          fc.boolean(),
          fc.subarray([...PERMISSIONS]),
          fc.dictionary(
            fc.constantFrom(...FEATURE_FLAGS),
            fc.constantFrom<true | false | 'true' | 'false'>(true, false, 'true', 'false'),
          ),
          (r, isGlobal, permissions, features) => {
            const d = decideRoute(r, ctx({ platform: 'open source', isGlobal, permissions, features }), r.path)
            expect(d.kind).toBe(r.display ? 'unauthorized' : 'show')
          },
        ),
      )
    })
  })

  describe.each(['enterprise', 'cloud'] as const)('%s', (platform) => {
    const allOn = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true]))

    it('flagged route with an empty permission list → unauthorized, even for a global user with the flag on', () => {
      expect(decideRoute(route('/datasets'), ctx({ platform, permissions: [], features: allOn }), '/datasets')).toEqual(
        UNAUTHORIZED,
      )
      expect(decideRoute(route('/files'), ctx({ platform, permissions: [], features: allOn }), '/files')).toEqual(
        UNAUTHORIZED,
      )
      expect(
        decideRoute(route('/users'), ctx({ platform, isGlobal: true, permissions: [], features: allOn }), '/users'),
      ).toEqual(UNAUTHORIZED)
    })

    it('global user with the flag on → shown without holding the route permission', () => {
      const c = ctx({
        platform,
        isGlobal: true,
        permissions: ['chatflows:view'],
        features: { 'feat:sso-config': true },
      })
      expect(decideRoute(route('/sso-config'), c, '/sso-config')).toEqual(SHOW)
    })

    it('global user with the flag off → unauthorized', () => {
      const c = ctx({ platform, isGlobal: true, permissions: [...PERMISSIONS], features: { 'feat:sso-config': false } })
      expect(decideRoute(route('/sso-config'), c, '/sso-config')).toEqual(UNAUTHORIZED)
    })

    it("permission held + flag on → shown (also with flag 'true' as text)", () => {
      expect(
        decideRoute(
          route('/datasets'),
          ctx({ platform, permissions: ['datasets:view'], features: { 'feat:datasets': true } }),
          '/datasets',
        ),
      ).toEqual(SHOW)
      expect(
        decideRoute(
          route('/dataset_rows/:id'),
          ctx({ platform, permissions: ['datasets:view'], features: { 'feat:datasets': 'true' } }),
          '/dataset_rows/7',
        ),
      ).toEqual(SHOW)
    })

    it("permission held + flag off ('false', false or missing) → unauthorized", () => {
      const cases: Features[] = [
        { 'feat:datasets': false },
        { 'feat:datasets': 'false' },
        {},
        { 'feat:evaluations': true },
      ]
      for (const features of cases) {
        expect(
          decideRoute(route('/datasets'), ctx({ platform, permissions: ['datasets:view'], features }), '/datasets'),
        ).toEqual(UNAUTHORIZED)
      }
    })

    it('flag on but permission missing → unauthorized', () => {
      const c = ctx({
        platform,
        permissions: ['chatflows:view', 'evaluations:view'],
        features: { 'feat:datasets': true },
      })
      expect(decideRoute(route('/datasets'), c, '/datasets')).toEqual(UNAUTHORIZED)
    })

    it('route with a flag and no permission (/account, /files) + flag on → shown for any non-empty permission list', () => {
      const c = ctx({
        platform,
        permissions: ['chatflows:view'],
        features: { 'feat:account': true, 'feat:files': true },
      })
      expect(decideRoute(route('/account'), c, '/account')).toEqual(SHOW)
      expect(decideRoute(route('/files'), c, '/files')).toEqual(SHOW)
      expect(decideRoute(route('/account'), ctx({ platform, features: {} }), '/account')).toEqual(UNAUTHORIZED)
    })

    it('unflagged route → shown, whatever the permissions', () => {
      expect(decideRoute(route('/chatflows'), ctx({ platform, permissions: [] }), '/chatflows')).toEqual(SHOW)
      expect(decideRoute(route('/tools'), ctx({ platform, permissions: ['chatflows:view'] }), '/tools')).toEqual(SHOW)
    })

    it('a route permission list passes on any one held', () => {
      const r = { permission: 'logs:view, users:manage', display: 'feat:x' }
      expect(
        decideRoute(r, ctx({ platform, permissions: ['users:manage'], features: { 'feat:x': true } }), '/x'),
      ).toEqual(SHOW)
      expect(
        decideRoute(r, ctx({ platform, permissions: ['roles:manage'], features: { 'feat:x': true } }), '/x'),
      ).toEqual(UNAUTHORIZED)
    })
  })

  it('property (cloud/enterprise): decision matches the SPEC rule written out independently', () => {
    const flagValue = fc.constantFrom<true | false | 'true' | 'false'>(true, false, 'true', 'false')
    fc.assert(
      fc.property(
        fc.constantFrom<PlatformType>('enterprise', 'cloud'),
        fc.constantFrom(...ROUTES),
        fc.boolean(),
        fc.subarray([...PERMISSIONS]),
        fc.dictionary(fc.constantFrom(...FEATURE_FLAGS), flagValue),
        (platform, r, isGlobal, permissions, features) => {
          let expected: 'show' | 'unauthorized'
          if (!r.display) expected = 'show'
          else if (permissions.length === 0) expected = 'unauthorized'
          else {
            const wanted = (r.permission ?? '')
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
            const held = isGlobal || wanted.length === 0 || wanted.some((p) => (permissions as string[]).includes(p))
            const v = features[r.display]
            expected = held && (v === true || v === 'true') ? 'show' : 'unauthorized'
          }
          expect(decideRoute(r, ctx({ platform, isGlobal, permissions, features }), r.path).kind).toBe(expected)
        },
      ),
    )
  })

  it('an enterprise org admin with the real enterprise features can open every flagged route but /account, and /queue in queue mode only', () => {
    const single = ctx({
      platform: 'enterprise',
      isGlobal: true,
      permissions: [...PERMISSIONS],
      features: featuresFor('enterprise'),
    })
    for (const r of ROUTES.filter((x) => x.display)) {
      expect(decideRoute(r, single, r.path).kind, r.path).toBe(
        ['/account', '/queue'].includes(r.path) ? 'unauthorized' : 'show',
      )
    }
    const queued = ctx({
      platform: 'enterprise',
      isGlobal: true,
      permissions: [...PERMISSIONS],
      features: featuresFor('enterprise', 'free', true),
    })
    const queue = ROUTES.find((r) => r.path === '/queue')!
    expect(decideRoute(queue, queued, '/queue').kind).toBe('show')
  })
})

describe('pathAfterLogin', () => {
  const FALLBACK = '/chatflows'

  it('keeps local paths, including query and hash', () => {
    expect(pathAfterLogin('/datasets', FALLBACK)).toBe('/datasets')
    expect(pathAfterLogin('/canvas/abc?tab=1&x=2', FALLBACK)).toBe('/canvas/abc?tab=1&x=2')
    expect(pathAfterLogin('/evaluation_results/9#top', FALLBACK)).toBe('/evaluation_results/9#top')
    expect(pathAfterLogin('/', FALLBACK)).toBe('/')
  })

  it('keeps routes that merely start like an auth page', () => {
    expect(pathAfterLogin('/login-activity', FALLBACK)).toBe('/login-activity')
    expect(pathAfterLogin('/registered-things', FALLBACK)).toBe('/registered-things')
  })

  it('refuses protocol-relative and absolute URLs', () => {
    expect(pathAfterLogin('//evil.com', FALLBACK)).toBe(FALLBACK)
    expect(pathAfterLogin('//evil.com/chatflows', FALLBACK)).toBe(FALLBACK)
    expect(pathAfterLogin('https://evil.com/x', FALLBACK)).toBe(FALLBACK)
    expect(pathAfterLogin('http://localhost/chatflows', FALLBACK)).toBe(FALLBACK)
    expect(pathAfterLogin('javascript:alert(1)', FALLBACK)).toBe(FALLBACK)
    expect(pathAfterLogin('chatflows', FALLBACK)).toBe(FALLBACK)
    expect(pathAfterLogin('', FALLBACK)).toBe(FALLBACK)
  })

  it('refuses non-strings', () => {
    for (const v of [undefined, null, 42, {}, ['/chatflows'], true, { pathname: '/datasets' }]) {
      expect(pathAfterLogin(v, FALLBACK)).toBe(FALLBACK)
    }
  })

  it('refuses auth pages, with or without a query', () => {
    for (const p of [
      '/login',
      '/login?x=1',
      '/signin',
      '/signin?from=/x',
      '/register',
      '/organization-setup',
      '/organization-setup?a=b',
    ]) {
      expect(pathAfterLogin(p, FALLBACK)).toBe(FALLBACK)
    }
  })

  it('returns the given fallback, not a hard-coded one', () => {
    expect(pathAfterLogin('//evil.com', '/agentflows')).toBe('/agentflows')
  })
})
