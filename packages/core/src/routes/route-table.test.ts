import { describe, expect, it } from 'vitest'
import { DEFAULT_PATH, ROUTES, type RouteRule } from './route-table.js'

const route = (path: string): RouteRule => {
  const found = ROUTES.find((r) => r.path === path)
  if (!found) throw new Error(`route ${path} missing`)
  return found
}

const TEMPLATES = ['templates:custom', 'templates:marketplace']
const ids = (permission: string | undefined) =>
  (permission ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .sort()

// SPEC §2 main layout table: [path, permission | undefined, flag | undefined]
const MAIN: [string, string | undefined, string | undefined][] = [
  ['/', 'chatflows:view', undefined],
  ['/chatflows', 'chatflows:view', undefined],
  ['/agentflows', 'agentflows:view', undefined],
  ['/executions', 'executions:view', undefined],
  ['/apikey', 'apikeys:view', undefined],
  ['/tools', 'tools:view', undefined],
  ['/assistants', 'assistants:view', undefined],
  ['/assistants/custom', 'assistants:view', undefined],
  ['/assistants/custom/:id', 'assistants:view', undefined],
  ['/assistants/openai', 'assistants:view', undefined],
  ['/credentials', 'credentials:view', undefined],
  ['/variables', 'variables:view', undefined],
  ['/document-stores', 'documentStores:view', undefined],
  ['/datasets', 'datasets:view', 'feat:datasets'],
  ['/dataset_rows/:id', 'datasets:view', 'feat:datasets'],
  ['/evaluations', 'evaluations:view', 'feat:evaluations'],
  ['/evaluation_results/:id', 'evaluations:view', 'feat:evaluations'],
  ['/evaluators', 'evaluators:view', 'feat:evaluators'],
  ['/logs', 'logs:view', 'feat:logs'],
  ['/queue', 'logs:view', undefined],
  ['/files', undefined, 'feat:files'],
  ['/account', undefined, 'feat:account'],
  ['/users', 'users:manage', 'feat:users'],
  ['/user-profile', undefined, undefined],
  ['/roles', 'roles:manage', 'feat:roles'],
  ['/login-activity', 'loginActivity:view', 'feat:login-activity'],
  ['/workspaces', 'workspace:view', 'feat:workspaces'],
  ['/workspace-users/:id', 'workspace:view', 'feat:workspaces'],
  ['/sso-config', 'sso:manage', 'feat:sso-config'],
  ['/sso-success', undefined, undefined],
]

const DOCUMENT_STORE_DETAIL = [
  '/document-stores/:storeId',
  '/document-stores/chunks/:storeId/:fileId',
  '/document-stores/:storeId/:name',
  '/document-stores/vector/:storeId',
  '/document-stores/vector/:storeId/:docId',
  '/document-stores/query/:storeId',
]

const CANVAS: [string, string][] = [
  ['/canvas', 'chatflows:view'],
  ['/canvas/:id', 'chatflows:view'],
  ['/agentcanvas', 'agentflows:view'],
  ['/agentcanvas/:id', 'agentflows:view'],
  ['/v2/agentcanvas', 'agentflows:view'],
  ['/v2/agentcanvas/:id', 'agentflows:view'],
]

const AUTH = [
  '/login',
  '/signin',
  '/register',
  '/verify',
  '/forgot-password',
  '/reset-password',
  '/unauthorized',
  '/organization-setup',
  '/license-expired',
]

describe('ROUTES (SPEC §2)', () => {
  it.each(MAIN)('main route %s has permission %s and flag %s', (path, permission, flag) => {
    const r = route(path)
    expect(r.layout).toBe('main')
    expect(r.permission).toBe(permission)
    expect(r.display).toBe(flag)
  })

  it('/marketplaces needs templates:marketplace or templates:custom, no flag', () => {
    const r = route('/marketplaces')
    expect(r.layout).toBe('main')
    expect(ids(r.permission)).toEqual(TEMPLATES)
    expect(r.display).toBeUndefined()
  })

  it('/executions has no flag set on the route', () => {
    expect(route('/executions').display).toBeUndefined()
  })

  it.each(DOCUMENT_STORE_DETAIL)('document store detail route %s is present in the main layout', (path) => {
    expect(route(path).layout).toBe('main')
    expect(route(path).display).toBeUndefined()
  })

  it.each(CANVAS)('canvas route %s uses the canvas layout and needs %s', (path, permission) => {
    const r = route(path)
    expect(r.layout).toBe('canvas')
    expect(r.permission).toBe(permission)
    expect(r.display).toBeUndefined()
  })

  it.each(['/marketplace/:id', '/v2/marketplace/:id'])('template canvas %s needs template permissions', (path) => {
    const r = route(path)
    expect(r.layout).toBe('canvas')
    expect(ids(r.permission)).toEqual(TEMPLATES)
  })

  it.each(['/chatbot/:id', '/execution/:id'])('public route %s has no guard', (path) => {
    const r = route(path)
    expect(r.layout).toBe('public')
    expect(r.permission).toBeUndefined()
    expect(r.display).toBeUndefined()
  })

  it.each(AUTH)('auth-layout route %s is present without a guard', (path) => {
    const r = route(path)
    expect(r.layout).toBe('auth')
    expect(r.permission).toBeUndefined()
    expect(r.display).toBeUndefined()
  })

  it('lists exactly the SPEC routes, with unique paths', () => {
    const expected = [
      ...MAIN.map(([p]) => p),
      '/marketplaces',
      ...DOCUMENT_STORE_DETAIL,
      ...CANVAS.map(([p]) => p),
      '/marketplace/:id',
      '/v2/marketplace/:id',
      '/chatbot/:id',
      '/execution/:id',
      ...AUTH,
    ]
    const paths = ROUTES.map((r) => r.path)
    expect(new Set(paths).size).toBe(paths.length)
    expect([...paths].sort()).toEqual([...expected].sort())
  })

  it('every route has a non-empty title and starts with /', () => {
    for (const r of ROUTES) {
      expect(r.title.trim()).not.toBe('')
      expect(r.path.startsWith('/')).toBe(true)
    }
  })

  it('public and auth pages never carry a permission or flag', () => {
    for (const r of ROUTES.filter((x) => x.layout === 'public' || x.layout === 'auth')) {
      expect(r.permission).toBeUndefined()
      expect(r.display).toBeUndefined()
    }
  })

  it('the default landing path is /chatflows and is a route', () => {
    expect(DEFAULT_PATH).toBe('/chatflows')
    expect(route(DEFAULT_PATH).permission).toBe('chatflows:view')
  })
})
