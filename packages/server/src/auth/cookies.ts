import type { FastifyReply } from 'fastify'
import { REFRESH_TOKEN_SECONDS, type SessionTokens } from '../services/sessions.service.js'

export const ACCESS_COOKIE = 'weft_token'
export const REFRESH_COOKIE = 'weft_refresh'
/** The access cookie outlives its token, so an expired one still arrives and earns 'Token Expired'. */
/** The refresh token travels only to the refresh and logout calls. */
const REFRESH_PATHS = ['/api/v1/auth', '/api/v1/account']

const base = { httpOnly: true, sameSite: 'lax' as const, secure: 'auto' as const }

export function setSessionCookies(reply: FastifyReply, tokens: SessionTokens): void {
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base, path: '/', maxAge: REFRESH_TOKEN_SECONDS })
  for (const path of REFRESH_PATHS) {
    reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...base, path, maxAge: REFRESH_TOKEN_SECONDS })
  }
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' })
  for (const path of REFRESH_PATHS) reply.clearCookie(REFRESH_COOKIE, { ...base, path })
}
