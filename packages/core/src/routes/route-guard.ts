import { hasPermission, isFlagOn, type AccessContext } from '../auth/access.js'
import type { RouteRule } from './route-table.js'

export type GuardDecision =
  | { kind: 'show' }
  | { kind: 'login'; from: string }
  | { kind: 'unauthorized' }

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

/** Where to go after login: the remembered path when it is a local one, else the default. */
export function pathAfterLogin(remembered: unknown, fallback: string): string {
  if (typeof remembered !== 'string' || !remembered.startsWith('/') || remembered.startsWith('//')) return fallback
  const authPaths = ['/login', '/signin', '/register', '/organization-setup']
  return authPaths.some((p) => remembered === p || remembered.startsWith(`${p}?`)) ? fallback : remembered
}
