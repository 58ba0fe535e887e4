import type { Kysely } from 'kysely'
import type { Database, NewUser, UserRow, UserUpdate } from '../tables.js'

/** E-mail addresses are compared and stored in lower case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

export const findUserByEmail = (db: Kysely<Database>, email: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst()

export const findUserById = (db: Kysely<Database>, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<void> {
  await db.insertInto('users').values({ ...user, email: normalizeEmail(user.email) }).execute()
}

export async function updateUser(db: Kysely<Database>, id: string, patch: UserUpdate): Promise<void> {
  const values = patch.email ? { ...patch, email: normalizeEmail(patch.email) } : patch
  await db.updateTable('users').set(values).where('id', '=', id).execute()
}

/** True once any organization has an admin: first-run setup is closed from then on. */
export async function hasAdmin(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('organization_users').select('user_id').where('is_admin', '=', 1).executeTakeFirst()
  return row !== undefined
}
