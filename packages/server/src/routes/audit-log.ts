import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type ActivityPage, type AuditEntry } from '@weft/core'
import { principalOf } from '../auth/authenticate.js'
import type { AppContext } from '../context.js'
import { pageAuditLog } from '../db/repositories/audit-log.repository.js'
import { CSV_MAX_ROWS, rangeAndPage, rangeOf, sendCsv } from './login-activity.js'

/** A comma-separated list of words from `allowed`, or undefined. */
const listOf = (allowed: readonly string[]) =>
  z
    .string()
    .max(1000)
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean)
        : undefined,
    )
    .refine((items) => !items || items.every((i) => allowed.includes(i)), `must be one of ${allowed.join(', ')}`)

/**
 * /audit-logs: who created, changed, deleted, shared, exported or imported which object of the
 * organization, when and from which address (written by http/audit-log.ts); filtered, paged, or CSV.
 */
export const auditLogRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/audit-logs',
      {
        config: { access: { permission: 'logs:view' } },
        schema: {
          description:
            "The organization's audit log, newest first. actor is a user or API key id or part of a name or e-mail; " +
            'action and objectType one word or several separated by commas; search looks in object names and ids, ' +
            'actors and addresses; format=csv answers a CSV file of every match.',
          querystring: z.object({
            ...rangeAndPage,
            actor: z.string().trim().max(255, 'must be at most 255 characters').optional(),
            action: listOf(AUDIT_ACTIONS),
            objectType: listOf(AUDIT_OBJECT_TYPES),
            search: z.string().trim().max(200, 'must be at most 200 characters').optional(),
          }),
        },
      },
      async (request, reply) => {
        const q = request.query
        const filter = {
          organizationId: principalOf(request).organizationId,
          ...rangeOf(q),
          actor: q.actor || undefined,
          actions: q.action,
          objectTypes: q.objectType,
          search: q.search || undefined,
        }
        if (q.format === 'csv') {
          const { rows } = await pageAuditLog(ctx.db, filter, { offset: 0, limit: CSV_MAX_ROWS })
          return sendCsv(reply, 'audit-log', [
            [
              'Time',
              'Actor',
              'E-mail',
              'Action',
              'Object type',
              'Object id',
              'Object name',
              'Workspace',
              'Address',
              'User agent',
            ],
            ...rows.map((r) => [
              r.createdDate,
              r.actorName,
              r.actorEmail ?? '',
              r.action,
              r.objectType,
              r.objectId ?? '',
              r.objectName ?? '',
              r.workspaceName ?? '',
              r.ip ?? '',
              r.userAgent ?? '',
            ]),
          ])
        }
        const { rows, total } = await pageAuditLog(ctx.db, filter, { offset: (q.page - 1) * q.limit, limit: q.limit })
        return { data: rows, total, page: q.page, limit: q.limit } satisfies ActivityPage<AuditEntry>
      },
    )
  }
