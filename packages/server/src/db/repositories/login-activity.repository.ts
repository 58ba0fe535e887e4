import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../tables.js'

export type LoginActivityKind = 'login' | 'login_failed' | 'logout' | 'password_reset' | 'setup' | 'sso'

export async function recordLoginActivity(
  db: Kysely<Database>,
  a: {
    userId: string | null
    email: string
    kind: LoginActivityKind
    message: string
    ip: string | null
    userAgent: string | null
  },
): Promise<void> {
  await db
    .insertInto('login_activity')
    .values({
      id: randomUUID(),
      user_id: a.userId,
      email: a.email,
      activity: a.kind,
      message: a.message,
      ip: a.ip,
      user_agent: a.userAgent,
      created_at: new Date().toISOString(),
    })
    .execute()
}
