import { ACCOUNT_DISABLED, hasPermission, hasServerPermission, type AccessContext, type PlatformType } from '@weft/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppContext } from '../context.js'
import { findUserById } from '../db/repositories/users.repository.js'
import { findLiveSession } from '../db/repositories/sessions.repository.js'
import { forbidden, INVALID_TOKEN, notFound, TOKEN_EXPIRED, unauthorized } from '../http-error.js'
import { loadProfile } from '../services/profile.service.js'
import { verifyAccessToken } from './access-token.js'
import { ACCESS_COOKIE } from './cookies.js'
import { apiKeyPrincipal, checkKeyRoute } from './api-key-principal.js'
import type { Principal } from './principal.js'
import { PUBLIC_ROUTES, routeKey } from './public-routes.js'

const isApi = (url: string) => url.startsWith('/api/')

export const ADMINS_ONLY = 'Only the organization’s admins may manage users, roles and access'

/** A session whose workspace was deleted or left: it may only read the profile, switch and sign out. */
export const WORKSPACE_UNAVAILABLE = 'Your active workspace is no longer available: choose another workspace'

export const accessContext = (platform: PlatformType, p: Principal): AccessContext => ({
  platform,
  isGlobal: p.isOrganizationAdmin,
  permissions: p.permissions,
  features: p.features,
  activeWorkspaceId: p.workspaceId,
  isApiKey: p.apiKeyId !== undefined,
})

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim()
  return request.cookies[ACCESS_COOKIE]
}

/**
 * Resolves the caller from an API key, or from the access token, whose session must still be
 * live, so logout takes effect at once.
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Principal> {
  const key = await apiKeyPrincipal(ctx, request)
  if (key) return key
  const token = bearerToken(request)
  if (!token) throw unauthorized(INVALID_TOKEN)
  const verified = await verifyAccessToken(ctx.keys.tokenKey, token)
  if (!verified.ok) throw verified.expired ? unauthorized(TOKEN_EXPIRED, { retry: true }) : unauthorized(INVALID_TOKEN)
  const { userId, sessionId } = verified.claims
  const session = await findLiveSession(ctx.db, sessionId, new Date().toISOString())
  const user = await findUserById(ctx.db, userId)
  // The token is genuine, so its user hears why, even though disabling ended the session too.
  if (user?.status === 'disabled') throw unauthorized(ACCOUNT_DISABLED)
  if (!session || session.user_id !== userId || !user || user.status !== 'active') throw unauthorized(INVALID_TOKEN)
  // A workspace since deleted or left gives workspaceId '' (no row has it): see the hook below.
  const { user: profile, features } = await loadProfile(ctx, user, session.workspace_id)
  return {
    userId,
    sessionId,
    workspaceId: profile.activeWorkspaceId,
    organizationId: profile.activeOrganizationId,
    isOrganizationAdmin: profile.isOrganizationAdmin,
    isSSO: profile.isSSO,
    permissions: profile.permissions,
    features,
  }
}

/**
 * Fails closed: every /api route must declare its access at registration (the app refuses to
 * start otherwise), and every request to a route not in PUBLIC_ROUTES needs a session.
 */
export function registerAuthentication(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRoute', (route) => {
    if (!isApi(route.url)) return
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD')
    for (const method of methods) {
      const key = routeKey(method, route.url)
      const access = route.config?.access
      if (!access) throw new Error(`Route ${key} must declare its access`)
      if ((access === 'public') !== PUBLIC_ROUTES.has(key)) {
        throw new Error(`Route ${key}: declared access '${String(access)}' disagrees with PUBLIC_ROUTES`)
      }
    }
  })

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url
    if (!url || !isApi(url)) return
    const method = request.method === 'HEAD' ? 'GET' : request.method
    if (PUBLIC_ROUTES.has(routeKey(method, url))) return
    const principal = await authenticate(ctx, request)
    request.principal = principal
    const access = request.routeOptions.config.access
    checkKeyRoute(principal, access, url)
    if (typeof access !== 'object') return
    // 404, not 403: the web app stays on its screen and shows Workspace Unavailable (SPEC §4).
    if (principal.workspaceId === '') throw notFound(WORKSPACE_UNAVAILABLE)
    const asker = accessContext(ctx.config.platform, principal)
    if (!hasPermission(asker, access.permission)) throw forbidden()
    if (!hasServerPermission(asker, access.permission)) throw forbidden(ADMINS_ONLY)
  })
}

/** The caller of a route that is not public; the hook above guarantees there is one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(INVALID_TOKEN)
  return request.principal
}
