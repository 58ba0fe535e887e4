import { join } from 'node:path'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../context.js'
import { badRequest, notFound } from '../http-error.js'
import { isLogDate, listLogFiles, LOG_LEVELS, readLogPage } from '../log-files.js'

const access = { permission: 'logs:view' }

export const LOG_PAGE_SIZE = 50
const MAX_DEPTH = 100_000

const logEntry = z.object({
  time: z.string(),
  level: z.enum(LOG_LEVELS),
  message: z.string(),
  reqId: z.string().optional(),
  request: z
    .object({
      method: z.string().optional(),
      url: z.string().optional(),
      statusCode: z.number().optional(),
      durationMs: z.number().optional(),
    })
    .optional(),
  error: z.string().optional(),
})

const pageQuery = z.object({
  level: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).optional(),
  search: z.string().max(200, 'must be at most 200 characters').optional(),
  page: z.coerce
    .number('must be a page number')
    .int('must be a page number')
    .min(1, 'must be 1 or more')
    .max(10_000)
    .default(1),
  limit: z.coerce.number('must be a number').int('must be a whole number').min(1).max(500).default(LOG_PAGE_SIZE),
})

/**
 * /logs: the server's own log files (one a day under WEFT_HOME/logs), for organization admins
 * (`logs:view`): the days that have a file, and a day's entries filtered and paged, newest first.
 */
export const logRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const folder = join(ctx.config.home, 'logs')

    app.get(
      '/logs',
      {
        config: { access },
        schema: {
          description: 'The days that have a log file, newest first, with their size in bytes.',
          response: {
            200: z.object({
              files: z.array(z.object({ date: z.string(), size: z.number() })),
              retentionDays: z.number(),
            }),
          },
        },
      },
      async () => ({ files: await listLogFiles(folder), retentionDays: ctx.config.logRetentionDays }),
    )

    app.get(
      '/logs/:date',
      {
        config: { access },
        schema: {
          description: 'One day of the log (YYYY-MM-DD, UTC), newest first; level, search and page filter it.',
          params: z.object({ date: z.string().max(100) }),
          querystring: pageQuery,
          response: {
            200: z.object({
              date: z.string(),
              entries: z.array(logEntry),
              total: z.number(),
              page: z.number(),
              pageSize: z.number(),
            }),
          },
        },
      },
      async (request) => {
        const { date } = request.params
        if (!isLogDate(date)) throw badRequest(`date: ${JSON.stringify(date)} is not a date written YYYY-MM-DD`)
        const { level, search, page, limit } = request.query
        // Paging keeps the entries up to the page asked in memory: deep pages of a huge day are refused.
        if (page * limit > MAX_DEPTH)
          throw badRequest(
            `querystring.page: at most ${MAX_DEPTH} entries back (page × limit); filter by level or text`,
          )
        const found = await readLogPage(folder, date, { level, search, page, pageSize: limit })
        if (!found) throw notFound(`There is no log file for ${date}`)
        return { date, ...found, page, pageSize: limit }
      },
    )
  }
