import { QUEUE_JOB_STATES, type QueueJobPage, type QueueOverview } from '@weft/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../context.js'
import { forbidden, notFound } from '../http-error.js'
import { pageJobs, queueOf, removeJob, retryJob, summarizeQueues, withRedis } from '../queue/admin.js'
import type { QueueMode } from '../queue/queue-mode.js'

/**
 * The queue is the server's own business, like its logs: the same people see it (organization
 * admins, and roles made to hold `logs:view`), and an API key holding that permission may read
 * the counts for a script, as it may read the logs.
 */
const access = { permission: 'logs:view' }

export const QUEUE_PAGE_SIZE = 20

const counts = z.object(
  Object.fromEntries(QUEUE_JOB_STATES.map((state) => [state, z.number()])) as Record<
    (typeof QUEUE_JOB_STATES)[number],
    z.ZodNumber
  >,
)

const queueJob = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum([...QUEUE_JOB_STATES, 'unknown']),
  flowId: z.string().nullable(),
  flowName: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  attempts: z.number(),
  maxAttempts: z.number(),
  failedReason: z.string().nullable(),
})

const jobParams = z.object({ name: z.string().max(100), id: z.string().max(200) })

const QUEUE_MODE_OFF =
  'Queue mode is off: every run happens in the server process (MODE=queue and REDIS_URL turn it on)'

/** On cloud one queue holds every organization's jobs: an organization's admins are strangers to the others'. */
export const QUEUE_OPERATOR_ONLY =
  "On the cloud edition the queue holds every organization's jobs: the operator watches it through /api/v1/metrics, not an organization's admins."

/** /queue: queue mode's queues, their counts and jobs, for the queue screen and for scripts. */
export const queueRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    if (ctx.config.platform === 'cloud') {
      app.addHook('onRequest', async (request) => {
        if (request.url.startsWith('/api/v1/queue')) throw forbidden(QUEUE_OPERATOR_ONLY)
      })
    }
    const queueMode = (): QueueMode => {
      if (!ctx.queue) throw notFound(QUEUE_MODE_OFF)
      return ctx.queue
    }

    app.get(
      '/queue',
      {
        config: { access },
        schema: {
          description:
            "Each queue's jobs by state (waiting, active, completed, failed, delayed). mode is main, with no " +
            'queues, when every run happens in the server process; 503 while Redis is unreachable.',
          response: {
            200: z.object({
              mode: z.enum(['main', 'queue']),
              queues: z.array(z.object({ name: z.string(), label: z.string(), counts })),
            }),
          },
        },
      },
      async (): Promise<QueueOverview> => {
        const mode = ctx.queue
        if (!mode) return { mode: 'main', queues: [] }
        return { mode: 'queue', queues: await withRedis(mode, () => summarizeQueues(mode)) }
      },
    )

    app.get(
      '/queue/:name/jobs',
      {
        config: { access },
        schema: {
          description:
            "One page of a queue's jobs in one state, newest first: ids, the flow's id and name, times, attempts " +
            "and a failed job's error; never the job's data.",
          params: z.object({ name: z.string().max(100) }),
          querystring: z.object({
            state: z.enum(QUEUE_JOB_STATES, `must be one of ${QUEUE_JOB_STATES.join(', ')}`).default('waiting'),
            page: z.coerce
              .number('must be a page number')
              .int('must be a page number')
              .min(1, 'must be 1 or more')
              .max(10_000, 'must be at most 10000')
              .default(1),
            limit: z.coerce
              .number('must be a number')
              .int('must be a whole number')
              .min(1, 'must be 1 or more')
              .max(100, 'must be at most 100')
              .default(QUEUE_PAGE_SIZE),
          }),
          response: {
            200: z.object({
              queue: z.string(),
              state: z.enum(QUEUE_JOB_STATES),
              jobs: z.array(queueJob),
              total: z.number(),
              page: z.number(),
              limit: z.number(),
            }),
          },
        },
      },
      async (request): Promise<QueueJobPage> => {
        const mode = queueMode()
        const queue = queueOf(mode, request.params.name)
        const { state, page, limit } = request.query
        return withRedis(mode, () => pageJobs(queue, state, { page, limit }))
      },
    )

    app.post(
      '/queue/:name/jobs/:id/retry',
      {
        config: { access },
        schema: {
          description: 'Puts a failed job back to waiting, for a worker to run again; 409 for a job in another state.',
          params: jobParams,
          response: { 200: queueJob },
        },
      },
      async (request) => {
        const mode = queueMode()
        const queue = queueOf(mode, request.params.name)
        return withRedis(mode, () => retryJob(queue, request.params.id))
      },
    )

    app.delete(
      '/queue/:name/jobs/:id',
      {
        config: { access },
        schema: {
          description: 'Removes a waiting, delayed, completed or failed job; 409 for a running one.',
          params: jobParams,
          response: { 200: z.object({ id: z.string() }) },
        },
      },
      async (request) => {
        const mode = queueMode()
        const queue = queueOf(mode, request.params.name)
        await withRedis(mode, () => removeJob(queue, request.params.id))
        return { id: request.params.id }
      },
    )
  }
