import { randomUUID } from 'node:crypto'
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely'
import type { AuditEntry } from '@weft/core'
import type { Database } from '../tables.js'
import { likePattern } from './login-activity.repository.js'

/** What is recorded of a change: the entry as listed, less what the log adds (id, time, workspace name). */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'workspaceName' | 'createdDate'> & {
  organizationId: string
  statusCode: number
}

const cut = (v: string | null, n: number) => (v === null ? null : v.slice(0, n))

export async function recordAuditEntry(db: Kysely<Database>, e: NewAuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      organization_id: e.organizationId,
      workspace_id: e.workspaceId,
      actor_user_id: e.actorUserId,
      actor_api_key_id: e.actorApiKeyId,
      actor_name: e.actorName.slice(0, 255),
      actor_email: cut(e.actorEmail, 255),
      action: e.action,
      object_type: e.objectType,
      object_id: cut(e.objectId, 255),
      object_name: cut(e.objectName, 255),
      method: e.method,
      route: e.route.slice(0, 255),
      status_code: e.statusCode,
      ip: cut(e.ip, 64),
      user_agent: cut(e.userAgent, 500),
      created_at: new Date().toISOString(),
    })
    .execute()
}

export interface AuditFilter {
  organizationId: string
  from?: string | undefined
  to?: string | undefined
  /** A user id, an API key id, or part of the actor's name or e-mail. */
  actor?: string | undefined
  actions?: readonly string[] | undefined
  objectTypes?: readonly string[] | undefined
  /** Part of the object's name or id, the actor's name or e-mail, or the address. */
  search?: string | undefined
}

const lowerLike = (column: string, search: string) =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(search)} escape '\\'`

function filtered(db: Kysely<Database>, f: AuditFilter) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('workspaces as w', 'w.id', 'a.workspace_id')
    .where((eb) => {
      const ands: Expression<SqlBool>[] = [eb('a.organization_id', '=', f.organizationId)]
      if (f.from) ands.push(eb('a.created_at', '>=', f.from))
      if (f.to) ands.push(eb('a.created_at', '<=', f.to))
      if (f.actions?.length) ands.push(eb('a.action', 'in', [...f.actions]))
      if (f.objectTypes?.length) ands.push(eb('a.object_type', 'in', [...f.objectTypes]))
      if (f.actor) {
        ands.push(
          eb.or([
            eb('a.actor_user_id', '=', f.actor),
            eb('a.actor_api_key_id', '=', f.actor),
            lowerLike('a.actor_name', f.actor),
            lowerLike('a.actor_email', f.actor),
          ]),
        )
      }
      if (f.search) {
        ands.push(
          eb.or(
            ['a.object_name', 'a.object_id', 'a.object_type', 'a.actor_name', 'a.actor_email', 'a.ip'].map((c) =>
              lowerLike(c, f.search!),
            ),
          ),
        )
      }
      return eb.and(ands)
    })
}

/** One page of the organization's audit log, newest first, and how many match in all. */
export async function pageAuditLog(
  db: Kysely<Database>,
  f: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const rows = await filtered(db, f)
    .selectAll('a')
    .select('w.name as workspace_name')
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
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
      workspaceId: r.workspace_id,
      workspaceName: r.workspace_name ?? null,
      actorUserId: r.actor_user_id,
      actorApiKeyId: r.actor_api_key_id,
      actorName: r.actor_name,
      actorEmail: r.actor_email,
      action: r.action,
      objectType: r.object_type,
      objectId: r.object_id,
      objectName: r.object_name,
      method: r.method,
      route: r.route,
      ip: r.ip,
      userAgent: r.user_agent,
      createdDate: String(r.created_at),
    })),
  }
}
