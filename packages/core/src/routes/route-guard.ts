import { hasPermission, isFlagOn, type AccessContext } from '../auth/access.js'
import { ROUTES, type RouteRule } from './route-table.js'

export type GuardDecision = { kind: 'show' } | { kind: 'login'; from: string } | { kind: 'unauthorized' }

/**
 * The route guard of SPEC §2 for guarded (main and canvas) routes.
 * `ctx` is undefined when nobody is signed in; `requestedPath` is remembered for after login.
 */
export function decideRoute(
  route: Pick<RouteRule, 'permission' | 'display'>,
  ctx: AccessContext | undefined,
  requestedPath: string,
): GuardDecision {
  if (!ctx) return { kind: 'login', from: requestedPath }
  if (!route.display) return { kind: 'show' }
  if (ctx.platform === 'open source') return { kind: 'unauthorized' }
  if (ctx.permissions.length === 0) return { kind: 'unauthorized' }
  const permitted = ctx.isGlobal || !route.permission || hasPermission(ctx, route.permission)
  return permitted && isFlagOn(ctx.features, route.display) ? { kind: 'show' } : { kind: 'unauthorized' }
}

/** True for a same-site path a browser cannot read as another host (`//x`, `/\\x`, control characters). */
const isLocalPath = (path: string): boolean =>
  path.startsWith('/') &&
  !path.startsWith('//') &&
  ![...path].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)

/** The auth-layout pages: never a place to return to after login. */
const AUTH_PATHS = ROUTES.filter((route) => route.layout === 'auth').map((route) => route.path)

const pathname = (path: string): string => (path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '').toLowerCase() || '/'

/**
 * Where to go after login: the remembered path when it is a local page outside the auth layout
 * (compared as the router does: any letter case, trailing slash ignored), else the fallback.
 */
export function pathAfterLogin(remembered: unknown, fallback: string): string {
  if (typeof remembered !== 'string' || !isLocalPath(remembered)) return fallback
  return AUTH_PATHS.includes(pathname(remembered)) ? fallback : remembered
}
