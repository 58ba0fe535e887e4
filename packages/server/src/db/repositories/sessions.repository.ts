import type { Kysely } from 'kysely'
import type { Database } from '../tables.js'

export interface NewSession {
  id: string
  userId: string
  workspaceId: string
  ip: string | null
  userAgent: string | null
  now: string
  expiresAt: string
}

export async function insertSession(db: Kysely<Database>, s: NewSession): Promise<void> {
  await db
    .insertInto('login_sessions')
    .values({
      id: s.id,
      user_id: s.userId,
      workspace_id: s.workspaceId,
      ip: s.ip,
      user_agent: s.userAgent,
      created_at: s.now,
      expires_at: s.expiresAt,
      revoked_at: null,
    })
    .execute()
}

/** A session that is neither revoked nor past its end. */
export const findLiveSession = (db: Kysely<Database>, id: string, now: string) =>
  db
    .selectFrom('login_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()

/** The status of the user a session (live or not) belongs to. */
export const sessionOwnerStatus = async (db: Kysely<Database>, sessionId: string): Promise<string | undefined> =>
  (
    await db
      .selectFrom('login_sessions')
      .innerJoin('users', 'users.id', 'login_sessions.user_id')
      .select('users.status')
      .where('login_sessions.id', '=', sessionId)
      .executeTakeFirst()
  )?.status

export async function revokeSession(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db.updateTable('login_sessions').set({ revoked_at: now }).where('id', '=', id).execute()
}

/** Ends every open session of a user, wherever it was opened. */
export async function revokeUserSessions(db: Kysely<Database>, userId: string, now: string): Promise<void> {
  await db
    .updateTable('login_sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
}

export async function setSessionWorkspace(db: Kysely<Database>, id: string, workspaceId: string): Promise<void> {
  await db.updateTable('login_sessions').set({ workspace_id: workspaceId }).where('id', '=', id).execute()
}

export async function insertRefreshToken(
  db: Kysely<Database>,
  t: { id: string; sessionId: string; tokenHash: string; now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      id: t.id,
      session_id: t.sessionId,
      token_hash: t.tokenHash,
      created_at: t.now,
      expires_at: t.expiresAt,
      used_at: null,
    })
    .execute()
}

export const findRefreshToken = (db: Kysely<Database>, tokenHash: string) =>
  db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()

/** Marks a refresh token used; false when another request used it first. */
export async function useRefreshToken(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}
