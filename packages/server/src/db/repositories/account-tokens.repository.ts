import type { Kysely } from 'kysely'
import type { AccountTokenPurpose, Database } from '../tables.js'

export async function insertAccountToken(
  db: Kysely<Database>,
  t: { id: string; userId: string; purpose: AccountTokenPurpose; tokenHash: string; now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      id: t.id,
      user_id: t.userId,
      purpose: t.purpose,
      token_hash: t.tokenHash,
      created_at: t.now,
      expires_at: t.expiresAt,
      used_at: null,
    })
    .execute()
}

/**
 * Uses a single-use token: returns its user id when the token exists for this purpose, is unused
 * and not expired, and marks it used in the same statement so it can never be used twice.
 */
export async function consumeAccountToken(
  db: Kysely<Database>,
  purpose: AccountTokenPurpose,
  tokenHash: string,
  now: string,
): Promise<string | undefined> {
  const token = await db
    .selectFrom('account_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  if (!token) return undefined
  const result = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('id', '=', token.id)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n ? token.user_id : undefined
}

/** Retires a user's unused tokens of one purpose, so only the newest link works. */
export async function retireAccountTokens(
  db: Kysely<Database>,
  userId: string,
  purpose: AccountTokenPurpose,
  now: string,
): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute()
}
