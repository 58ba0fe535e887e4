import type { FastifyInstance, FastifyRequest } from 'fastify'
import { auditRuleFor, type AuditObjectType } from '@weft/core'
import type { AppContext } from '../context.js'
import { recordAuditEntry } from '../db/repositories/audit-log.repository.js'
import { clientInfo } from '../routes/client-info.js'

// The audit log: every successful management change (create, update, delete, share, export,
// import, invite) by a signed-in person or an API key gets one entry, from the route's pattern
// (core's audit rules). No request or answer body is stored: only the object's id and name are
// read, from the route, or from the answer of a create, so no secret can reach the log.

const MAX_READ = 256 * 1024

/** What a shared item's kind is called in the log. */
const SHARED_KINDS: Record<string, AuditObjectType> = {
  credential: 'credential',
  custom_template: 'custom template',
  tool: 'tool',
}

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null)

/** The id and name an answer gives (a create's answer is the object), nothing else of it. */
function idAndName(payload: unknown): { id: string | null; name: string | null } {
  if (typeof payload !== 'string' || payload.length > MAX_READ || !payload.startsWith('{'))
    return { id: null, name: null }
  try {
    const o = JSON.parse(payload) as Record<string, unknown>
    return { id: text(o.id), name: text(o.name) ?? text(o.keyName) ?? text(o.label) ?? text(o.email) }
  } catch {
    return { id: null, name: null }
  }
}

const field = (source: unknown, key: string): string | null =>
  source && typeof source === 'object' ? text((source as Record<string, unknown>)[key]) : null

async function actorOf(ctx: AppContext, request: FastifyRequest) {
  const p = request.principal!
  if (p.apiKeyId) {
    const key = await ctx.db.selectFrom('api_keys').select('key_name').where('id', '=', p.apiKeyId).executeTakeFirst()
    return {
      actorUserId: null,
      actorApiKeyId: p.apiKeyId,
      actorName: `API key ${key?.key_name ?? p.apiKeyId}`,
      actorEmail: null,
    }
  }
  const user = await ctx.db.selectFrom('users').select(['name', 'email']).where('id', '=', p.userId).executeTakeFirst()
  return {
    actorUserId: p.userId,
    actorApiKeyId: null,
    actorName: user?.name || user?.email || p.userId,
    actorEmail: user?.email ?? null,
  }
}

async function lastKnownName(ctx: AppContext, organizationId: string, objectId: string): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('audit_log')
    .select('object_name')
    .where('organization_id', '=', organizationId)
    .where('object_id', '=', objectId)
    .where('object_name', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.object_name ?? null
}

/** Registers the hook: before a successful change's answer leaves, its entry is written (so a read right after sees it). */
export function registerAuditLog(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300 || !request.principal) return payload
    const route = request.routeOptions.url
    const rule = route ? auditRuleFor(request.method, route) : undefined
    if (!rule || !route) return payload
    try {
      const answer = idAndName(payload)
      const body = request.body
      const objectId =
        (rule.idFrom ? (field(request.params, rule.idFrom) ?? field(request.query, rule.idFrom)) : null) ??
        field(body, 'id') ??
        field(request.query, 'id') ??
        field(body, 'userId') ??
        field(request.query, 'userId') ??
        answer.id
      // A delete's answer has no name: the object's last entry knows it.
      const knownName =
        answer.name ?? (objectId ? await lastKnownName(ctx, request.principal.organizationId, objectId) : null)
      const shared = rule.action === 'share' ? SHARED_KINDS[field(body, 'itemType') ?? ''] : undefined
      const p = request.principal
      await recordAuditEntry(ctx.db, {
        organizationId: p.organizationId,
        workspaceId: p.workspaceId || null,
        ...(await actorOf(ctx, request)),
        action: rule.action,
        objectType: shared ?? rule.objectType,
        objectId,
        objectName:
          knownName ?? (rule.objectType === 'user' || rule.objectType === 'invitation' ? field(body, 'email') : null),
        method: request.method,
        route,
        statusCode: reply.statusCode,
        ...clientInfo(request),
      })
    } catch (error) {
      request.log.warn({ err: error }, 'The audit log entry could not be written')
    }
    return payload
  })
}
