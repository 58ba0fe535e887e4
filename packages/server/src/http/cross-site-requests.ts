import type { FastifyInstance, FastifyRequest } from 'fastify'
import { PUBLIC_ROUTES, routeKey } from '../auth/public-routes.js'
import type { AppContext } from '../context.js'
import { forbidden } from '../http-error.js'
import { isFromAnotherSite, usesSessionCookie } from './request-site.js'

export const CROSS_SITE_REFUSED =
  'This request came from another site and was refused: with the session cookie, changes are accepted only from Weft’s own pages. Scripts and other sites send an API key as Authorization: Bearer <key>.'

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Routes other sites are meant to call (the chat widget's): they answer a preflight, and check the flow's allowed origins. */
const isForOtherSites = (request: FastifyRequest): boolean => {
  const url = request.routeOptions.url
  return url !== undefined && PUBLIC_ROUTES.has(routeKey('OPTIONS', url))
}

/**
 * Refuses (403) a state-changing request that the session cookie authenticates and a page of
 * another site sent. SameSite=Lax keeps the cookie off most of them, but not a sibling site's,
 * and multipart or body-less POSTs need no CORS preflight that would stop them first. Bearer
 * callers (API keys, scripts) and the widget's public flow routes are not the cookie's, and pass.
 */
export function refuseCrossSiteChanges(app: FastifyInstance, ctx: Pick<AppContext, 'config'>): void {
  app.addHook('onRequest', async (request) => {
    if (!CHANGES.has(request.method) || !usesSessionCookie(request) || isForOtherSites(request)) return
    if (isFromAnotherSite(ctx, request)) throw forbidden(CROSS_SITE_REFUSED)
  })
}
