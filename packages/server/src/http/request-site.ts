import type { FastifyRequest } from 'fastify'
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../auth/cookies.js'
import type { AppContext } from '../context.js'

/** The server's own origins: the configured public URL and the host the request was sent to. */
export const ownOrigins = (ctx: Pick<AppContext, 'config'>, request: FastifyRequest): string[] => [
  new URL(ctx.config.publicUrl).origin,
  `${request.protocol}://${request.host}`,
]

/** The session cookie speaks for the request: it is sent, and no Authorization header takes its place. */
export const usesSessionCookie = (request: FastifyRequest): boolean =>
  !request.headers.authorization?.startsWith('Bearer ') &&
  (request.cookies[ACCESS_COOKIE] !== undefined || request.cookies[REFRESH_COOKIE] !== undefined)

/**
 * Whether a browser sent the request from a page of another site. `Sec-Fetch-Site` cannot be set
 * by a page: `same-origin` is the app's own page (even behind a proxy that rewrites Host), and
 * `cross-site` is not. Otherwise the Origin decides: absent (the user typed it, or no browser) is
 * fine; any origin but the server's own is not, `null` (a sandboxed frame) included.
 */
export function isFromAnotherSite(ctx: Pick<AppContext, 'config'>, request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  if (site === 'same-origin') return false
  if (site === 'cross-site') return true
  const origin = request.headers.origin
  return origin !== undefined && !ownOrigins(ctx, request).includes(origin)
}
