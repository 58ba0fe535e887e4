import { createHash, timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { migrations } from '../db/migrations/index.js'
import { unauthorized } from '../http-error.js'
import { metricsOf } from '../metrics/registry.js'
import { appRunsInProgress } from '../metrics/run-metrics.js'
import { redisReadiness } from '../queue/redis-status.js'

/**
 * One thing the server needs before it can take work. `check` resolves when it is there and
 * throws with a short reason (shown to anyone, so never an address or a secret) when not. Queue
 * mode adds Redis.
 */
export interface ReadinessCheck {
  name: string
  check: () => Promise<void>
}

/** A check that has not answered in this long counts as failed: a probe must never hang. */
const CHECK_TIMEOUT_MS = 3000

const withTimeout = async (check: () => Promise<void>): Promise<void> => {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS)
  })
  try {
    await Promise.race([check(), timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** The database answers a trivial query, every migration this version knows has been applied, and in queue mode Redis answers. */
export function readinessChecks(ctx: Pick<AppContext, 'db' | 'log' | 'queue'>): ReadinessCheck[] {
  return [
    ...(ctx.queue ? [redisReadiness(ctx.queue.redis)] : []),
    {
      name: 'database',
      check: async () => {
        try {
          await sql`select 1`.execute(ctx.db)
        } catch (error) {
          ctx.log.warn({ err: error }, 'Readiness: the database did not answer')
          throw new Error('unreachable')
        }
      },
    },
    {
      name: 'migrations',
      check: async () => {
        let done
        try {
          done = await sql<{ name: string }>`select name from kysely_migration`.execute(ctx.db)
        } catch (error) {
          // The driver's message may name the database's host and port; /ready is public.
          ctx.log.warn({ err: error }, 'Readiness: the migrations could not be read')
          throw new Error('could not be read')
        }
        const applied = new Set(done.rows.map((row) => row.name))
        const pending = Object.keys(migrations).filter((name) => !applied.has(name))
        if (pending.length > 0) throw new Error(`${pending.length} pending (${pending.join(', ')})`)
      },
    },
  ]
}

export interface ReadinessReport {
  status: 'ok' | 'unavailable'
  /** Each check by name: `ok`, or why it is not ready. */
  checks: Record<string, string>
  /** When not ready: what is not, in one sentence. */
  message?: string
}

/** Runs the checks side by side; the report names each one that is not ready. */
export async function readiness(checks: readonly ReadinessCheck[]): Promise<ReadinessReport> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => {
      try {
        await withTimeout(check)
        return [name, 'ok'] as const
      } catch (error) {
        return [name, error instanceof Error ? error.message : String(error)] as const
      }
    }),
  )
  const failing = results.filter(([, result]) => result !== 'ok')
  return {
    status: failing.length === 0 ? 'ok' : 'unavailable',
    checks: Object.fromEntries(results),
    ...(failing.length > 0
      ? { message: `Not ready: ${failing.map(([name, result]) => `${name} ${result}`).join('; ')}` }
      : {}),
  }
}

/** Closing: runs stopped as their connections closed get this long to record it before the database closes. */
const RECORD_STOPPED_MS = 5000

const digest = (text: string) => createHash('sha256').update(text).digest()

/** The bearer token of the request equals `token`, compared in constant time (both hashed to one length). */
export function hasBearerToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header?.trim() ?? '')
  return match !== null && timingSafeEqual(digest(match[1] ?? ''), digest(token))
}

/**
 * /health (the process is alive), /ready (it can take work: for load balancers and orchestrators)
 * and /metrics (Prometheus text; open, or behind WEFT_METRICS_TOKEN). All three are public routes:
 * a probe or a scraper has no session.
 */
export const healthRoutes =
  (ctx: AppContext, checks: readonly ReadinessCheck[] = readinessChecks(ctx)): FastifyPluginAsyncZod =>
  async (app) => {
    // onClose hooks run after the server has closed and before the database does (it was opened first).
    app.addHook('onClose', async () => {
      await appRunsInProgress(ctx).whenIdle(RECORD_STOPPED_MS)
    })

    app.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { status: 'ok', uptime: Math.round(process.uptime()) }
    })

    app.get('/ready', { config: { access: 'public' } }, async (_request, reply) => {
      const report = await readiness(checks)
      reply.header('cache-control', 'no-store')
      return reply.code(report.status === 'ok' ? 200 : 503).send(report)
    })

    app.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
      const token = ctx.config.metricsToken
      if (token !== undefined && !hasBearerToken(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"')
        throw unauthorized('The metrics need the token set in WEFT_METRICS_TOKEN: Authorization: Bearer <token>')
      }
      const { registry } = metricsOf(ctx)
      reply.header('cache-control', 'no-store')
      return reply.type(registry.contentType).send(await registry.metrics())
    })
  }
