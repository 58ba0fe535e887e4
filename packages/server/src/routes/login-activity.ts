import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  LOGIN_ACTIVITY_KINDS,
  LOGIN_ACTIVITY_LABELS,
  isLoginActivityKind,
  toCsv,
  type ActivityPage,
  type LoginActivityEntry,
} from '@weft/core'
import { principalOf } from '../auth/authenticate.js'
import type { AppContext } from '../context.js'
import { deleteLoginActivity, pageLoginActivity } from '../db/repositories/login-activity.repository.js'
import { badRequest } from '../http-error.js'

const access = { permission: 'loginActivity:view' }

/** Rows a CSV export holds at most (newest first). */
export const CSV_MAX_ROWS = 10_000
export const ACTIVITY_PAGE_SIZE = 50

const DAY = /^\d{4}-\d{2}-\d{2}$/
/** A day (YYYY-MM-DD, UTC) or an ISO time; a day as endDate means the end of that day. */
const when = z
  .string()
  .max(40)
  .refine(
    (v) => !Number.isNaN(Date.parse(DAY.test(v) ? `${v}T00:00:00Z` : v)),
    'must be a date (YYYY-MM-DD) or an ISO time',
  )
  .optional()

export const toIso = (value: string | undefined, end: boolean): string | undefined => {
  if (!value) return undefined
  if (DAY.test(value)) return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`
  return new Date(value).toISOString()
}

/** startDate, endDate, page, limit and format, shared by the login activity and the audit log. */
export const rangeAndPage = {
  startDate: when,
  endDate: when,
  page: z.coerce
    .number('must be a page number')
    .int('must be a page number')
    .min(1, 'must be 1 or more')
    .max(100_000)
    .default(1),
  limit: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(500, 'must be at most 500')
    .default(ACTIVITY_PAGE_SIZE),
  format: z.enum(['json', 'csv'], 'must be json or csv').default('json'),
}

/** The range in order, or 400 naming endDate. */
export function rangeOf(q: { startDate?: string | undefined; endDate?: string | undefined }) {
  const from = toIso(q.startDate, false)
  const to = toIso(q.endDate, true)
  if (from && to && from > to) throw badRequest('endDate: must not be before startDate')
  return { from, to }
}

/** Rows (the header first) as a CSV attachment named for today: weft-login-activity-2026-12-02.csv. */
export const sendCsv = (reply: FastifyReply, what: string, rows: unknown[][]) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="weft-${what}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(toCsv(rows))

export const loginActivityEntry = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  username: z.string(),
  name: z.string().nullable(),
  activityCode: z.string(),
  message: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  attemptedDateTime: z.string(),
})

/** Whether attempts at addresses no account has are this organization's: only when it is the server's only one. */
async function ownsUnknownAddresses(ctx: AppContext): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('organizations')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n) <= 1
}

/**
 * /login-activity (Flowise's LoginActivity): every sign-in attempt of the organization's people
 * (success, wrong password, unknown address, locked out, disabled, SSO, sign-out), with time,
 * address and user agent; filtered by date range, user and kind, paged, or a CSV file.
 */
export const loginActivityRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/login-activity',
      {
        config: { access },
        schema: {
          description:
            "The organization's login activity, newest first. user is an e-mail (or part of one) or a user id; " +
            'activityCode one kind or several separated by commas; format=csv answers a CSV file of every match.',
          querystring: z.object({
            ...rangeAndPage,
            user: z.string().trim().max(255, 'must be at most 255 characters').optional(),
            activityCode: z
              .string()
              .max(500)
              .optional()
              .transform((v) =>
                v
                  ? v
                      .split(',')
                      .map((k) => k.trim())
                      .filter(Boolean)
                  : undefined,
              )
              .refine(
                (kinds) => !kinds || kinds.every(isLoginActivityKind),
                `must be one of ${LOGIN_ACTIVITY_KINDS.join(', ')}`,
              ),
          }),
          // No response schema: format=csv answers text. The JSON answer is core's ActivityPage<LoginActivityEntry>.
        },
      },
      async (request, reply) => {
        const q = request.query
        const principal = principalOf(request)
        const filter = {
          organizationId: principal.organizationId,
          includeUnknown: await ownsUnknownAddresses(ctx),
          ...rangeOf(q),
          user: q.user || undefined,
          kinds: q.activityCode,
        }
        if (q.format === 'csv') {
          const { rows } = await pageLoginActivity(ctx.db, filter, { offset: 0, limit: CSV_MAX_ROWS })
          return sendCsv(reply, 'login-activity', [
            ['Time', 'User', 'E-mail', 'Kind', 'Message', 'Address', 'User agent'],
            ...rows.map((r) => [
              r.attemptedDateTime,
              r.name ?? '',
              r.email,
              isLoginActivityKind(r.activityCode) ? LOGIN_ACTIVITY_LABELS[r.activityCode] : r.activityCode,
              r.message,
              r.ip ?? '',
              r.userAgent ?? '',
            ]),
          ])
        }
        const { rows, total } = await pageLoginActivity(ctx.db, filter, {
          offset: (q.page - 1) * q.limit,
          limit: q.limit,
        })
        return {
          data: rows.map(({ email, ...r }) => ({ ...r, username: email })),
          total,
          page: q.page,
          limit: q.limit,
        } satisfies ActivityPage<LoginActivityEntry>
      },
    )

    app.post(
      '/login-activity/delete',
      {
        config: { access },
        schema: {
          description: "Deletes the selected rows of the organization's login activity (Flowise's selected ids).",
          body: z.object({
            selected: z
              .array(z.uuid('must be login activity ids'), 'must be a list of ids')
              .min(1, 'must name at least one row')
              .max(1000),
          }),
          response: { 200: z.object({ deleted: z.number() }) },
        },
      },
      async (request) => {
        const principal = principalOf(request)
        const deleted = await deleteLoginActivity(
          ctx.db,
          { organizationId: principal.organizationId, includeUnknown: await ownsUnknownAddresses(ctx) },
          request.body.selected,
        )
        return { deleted }
      },
    )
  }
