import { randomUUID } from 'node:crypto'
import type { AppContext } from '../context.js'
import { signAccessToken } from '../auth/access-token.js'
import { hashToken, randomToken } from '../auth/secrets.js'
import {
  findLiveSession,
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  revokeSession,
  sessionOwnerStatus,
  useRefreshToken,
} from '../db/repositories/sessions.repository.js'
import { ACCOUNT_DISABLED } from '@weft/core'
import { INVALID_TOKEN, unauthorized } from '../http-error.js'

/** How long a sign-in lasts without being refreshed. */
export const REFRESH_TOKEN_SECONDS = 14 * 24 * 60 * 60

export interface SessionTokens {
  sessionId: string
  userId: string
  workspaceId: string
  accessToken: string
  refreshToken: string
}

export interface ClientInfo {
  ip: string | null
  userAgent: string | null
}

const later = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString()

async function issueTokens(ctx: AppContext, session: { id: string; userId: string; workspaceId: string }) {
  const refreshToken = randomToken()
  await insertRefreshToken(ctx.db, {
    id: randomUUID(),
    sessionId: session.id,
    tokenHash: hashToken(refreshToken),
    now: new Date().toISOString(),
    expiresAt: later(REFRESH_TOKEN_SECONDS),
  })
  const accessToken = await signAccessToken(ctx.keys.tokenKey, { userId: session.userId, sessionId: session.id })
  return { sessionId: session.id, userId: session.userId, workspaceId: session.workspaceId, accessToken, refreshToken }
}

/** Signs a user in to a workspace: a new session with its first refresh token. */
export async function startSession(
  ctx: AppContext,
  userId: string,
  workspaceId: string,
  client: ClientInfo,
): Promise<SessionTokens> {
  const id = randomUUID()
  const now = new Date().toISOString()
  await insertSession(ctx.db, { id, userId, workspaceId, ...client, now, expiresAt: later(REFRESH_TOKEN_SECONDS) })
  return issueTokens(ctx, { id, userId, workspaceId })
}

/**
 * Trades a refresh token for new tokens. Each refresh token works once: presenting a used one
 * means it was copied, so the whole session is revoked.
 */
export async function rotateSession(ctx: AppContext, refreshToken: string | undefined): Promise<SessionTokens> {
  if (!refreshToken) throw unauthorized(INVALID_TOKEN)
  const now = new Date().toISOString()
  const stored = await findRefreshToken(ctx.db, hashToken(refreshToken))
  if (!stored) throw unauthorized(INVALID_TOKEN)
  if (stored.used_at !== null) {
    await revokeSession(ctx.db, stored.session_id, now)
    ctx.log.warn({ sessionId: stored.session_id }, 'A used refresh token was presented again; session revoked')
    throw unauthorized(INVALID_TOKEN)
  }
  const session = await findLiveSession(ctx.db, stored.session_id, now)
  if (!session) {
    // Disabling a user ends their sessions; the refresh of one then says why.
    const disabled = (await sessionOwnerStatus(ctx.db, stored.session_id)) === 'disabled'
    throw unauthorized(disabled ? ACCOUNT_DISABLED : INVALID_TOKEN)
  }
  if (stored.expires_at <= now) throw unauthorized(INVALID_TOKEN)
  if (!(await useRefreshToken(ctx.db, stored.id, now))) throw unauthorized(INVALID_TOKEN)
  return issueTokens(ctx, { id: session.id, userId: session.user_id, workspaceId: session.workspace_id })
}

export async function endSession(ctx: AppContext, sessionId: string): Promise<void> {
  await revokeSession(ctx.db, sessionId, new Date().toISOString())
}
