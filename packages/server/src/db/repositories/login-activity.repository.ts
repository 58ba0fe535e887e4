import { randomUUID } from 'node:crypto'
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely'
import type { LoginActivityEntry, LoginActivityKind } from '@weft/core'
import type { Database } from '../tables.js'

export type { LoginActivityKind }

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
      email: a.email.slice(0, 255),
      activity: a.kind,
      message: a.message.slice(0, 500),
      ip: a.ip,
      user_agent: a.userAgent,
      created_at: new Date().toISOString(),
    })
    .execute()
}

export interface LoginActivityFilter {
  organizationId: string
  /** Attempts with an address no account has belong to no organization: shown when the server holds one. */
  includeUnknown: boolean
  /** ISO times, inclusive. */
  from?: string | undefined
  to?: string | undefined
  /** An e-mail (part of it, case-insensitive) or a user id. */
  user?: string | undefined
  kinds?: readonly string[] | undefined
}

/** A row as read here: the answer's entry with the e-mail under its own name (the route names it username). */
export type LoginActivityRecord = Omit<LoginActivityEntry, 'username'> & { email: string }

/** The `%…%` LIKE pattern of a search, its wildcards escaped. */
export const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function filtered(db: Kysely<Database>, f: LoginActivityFilter) {
  return db
    .selectFrom('login_activity as la')
    .leftJoin('users as u', 'u.id', 'la.user_id')
    .where((eb) => {
      const members = eb(
        'la.user_id',
        'in',
        eb.selectFrom('organization_users').select('user_id').where('organization_id', '=', f.organizationId),
      )
      const ors: Expression<SqlBool>[] = [members]
      if (f.includeUnknown) ors.push(eb('la.user_id', 'is', null))
      const ands: Expression<SqlBool>[] = [eb.or(ors)]
      if (f.from) ands.push(eb('la.created_at', '>=', f.from))
      if (f.to) ands.push(eb('la.created_at', '<=', f.to))
      if (f.kinds?.length) ands.push(eb('la.activity', 'in', [...f.kinds]))
      if (f.user) {
        const byEmail = sql<SqlBool>`lower(la.email) like ${likePattern(f.user)} escape '\\'`
        ands.push(UUID.test(f.user) ? eb.or([eb('la.user_id', '=', f.user), byEmail]) : byEmail)
      }
      return eb.and(ands)
    })
}

/** One page of the organization's login activity, newest first, and how many match in all. */
export async function pageLoginActivity(
  db: Kysely<Database>,
  f: LoginActivityFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: LoginActivityRecord[]; total: number }> {
  const rows = await filtered(db, f)
    .select([
      'la.id',
      'la.user_id',
      'la.email',
      'u.name',
      'la.activity',
      'la.message',
      'la.ip',
      'la.user_agent',
      'la.created_at',
    ])
    .orderBy('la.created_at', 'desc')
    .orderBy('la.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
  const count = await filtered(db, f)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      email: r.email,
      name: r.name ?? null,
      activityCode: r.activity,
      message: r.message,
      ip: r.ip,
      userAgent: r.user_agent,
      attemptedDateTime: String(r.created_at),
    })),
  }
}

/** Deletes the given rows that the filter's organization may see; answers how many went. */
export async function deleteLoginActivity(
  db: Kysely<Database>,
  f: Pick<LoginActivityFilter, 'organizationId' | 'includeUnknown'>,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0
  const visible = await filtered(db, f)
    .select('la.id')
    .where('la.id', 'in', [...ids])
    .execute()
  if (visible.length === 0) return 0
  const res = await db
    .deleteFrom('login_activity')
    .where(
      'id',
      'in',
      visible.map((v) => v.id),
    )
    .executeTakeFirst()
  return Number(res.numDeletedRows)
}
