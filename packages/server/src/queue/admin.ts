import {
  QUEUE_JOB_STATES,
  type QueueCounts,
  type QueueJob,
  type QueueJobPage,
  type QueueJobState,
  type QueueSummary,
} from '@weft/core'
import type { Job, Queue } from 'bullmq'
import { conflict, HttpError, notFound } from '../http-error.js'
import { QUEUE_LABELS, QUEUE_NAMES, type RunQueueName } from './names.js'
import type { QueueMode } from './queue-mode.js'

// What the queue screen and GET /queue read and do on queue mode's BullMQ queues: counts per
// queue, a page of jobs in one state, retry a failed job, remove one that is not running.

export const REDIS_UNREACHABLE =
  'Redis is unreachable (REDIS_URL): the queue cannot be read or changed until the server reconnects to it'

const isQueueName = (name: string): name is RunQueueName => (QUEUE_NAMES as readonly string[]).includes(name)

/** The queue named, or 404 naming the queues there are. */
export function queueOf(mode: QueueMode, name: string): Queue {
  if (!isQueueName(name))
    throw notFound(`There is no queue ${JSON.stringify(name)}: the queues are ${QUEUE_NAMES.join(', ')}`)
  return mode.queues[name]
}

/**
 * Runs `read` against Redis, or answers 503 naming Redis while it is down: BullMQ would wait for
 * the connection to come back, and a command sent on a dropped one fails at once (redis.ts).
 */
export async function withRedis<T>(mode: QueueMode, read: () => Promise<T>): Promise<T> {
  if (mode.redis.status !== 'ready') throw new HttpError(503, REDIS_UNREACHABLE)
  try {
    return await read()
  } catch (error) {
    if (error instanceof HttpError || mode.redis.status === 'ready') throw error
    throw new HttpError(503, REDIS_UNREACHABLE)
  }
}

/** The counts of the states the screen shows (BullMQ's own names for them). */
export async function countJobs(queue: Queue): Promise<QueueCounts> {
  const raw = await queue.getJobCounts(...QUEUE_JOB_STATES)
  return Object.fromEntries(QUEUE_JOB_STATES.map((state) => [state, raw[state] ?? 0])) as QueueCounts
}

export async function summarizeQueues(mode: QueueMode): Promise<QueueSummary[]> {
  return Promise.all(
    QUEUE_NAMES.map(async (name) => ({ name, label: QUEUE_LABELS[name], counts: await countJobs(mode.queues[name]) })),
  )
}

const iso = (ms: number | undefined): string | null => (ms ? new Date(ms).toISOString() : null)
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/**
 * A job as the screen shows it: the flow's id and name where the job's data has them, never the
 * rest of the data (a run's question may be private).
 */
export function toQueueJob(job: Job, state: QueueJob['state']): QueueJob {
  const data = (job.data ?? {}) as Record<string, unknown>
  return {
    id: job.id ?? '',
    name: job.name,
    state,
    flowId: text(data.flowId) ?? text(data.chatflowId),
    flowName: text(data.flowName),
    createdAt: new Date(job.timestamp).toISOString(),
    processedAt: iso(job.processedOn),
    finishedAt: iso(job.finishedOn),
    attempts: job.attemptsMade,
    // BullMQ keeps 0 when none was asked for: one attempt.
    maxAttempts: Math.max(1, job.opts.attempts ?? 1),
    failedReason: state === 'failed' ? (text(job.failedReason) ?? 'It failed without saying why') : null,
  }
}

/** One page of a queue's jobs in `state`, newest first. */
export async function pageJobs(
  queue: Queue,
  state: QueueJobState,
  { page, limit }: { page: number; limit: number },
): Promise<QueueJobPage> {
  const start = (page - 1) * limit
  const [jobs, counts] = await Promise.all([queue.getJobs(state, start, start + limit - 1), countJobs(queue)])
  return {
    queue: queue.name,
    state,
    // A job removed between the range and its read comes back empty.
    jobs: jobs.filter((job): job is Job => Boolean(job?.id)).map((job) => toQueueJob(job, state)),
    total: counts[state],
    page,
    limit,
  }
}

async function findJob(queue: Queue, id: string): Promise<{ job: Job; state: string }> {
  const job = await queue.getJob(id)
  if (!job) throw notFound(`There is no job ${JSON.stringify(id)} in the queue ${queue.name}`)
  return { job, state: await job.getState() }
}

/** Puts a failed job back to waiting, for a worker to run again. */
export async function retryJob(queue: Queue, id: string): Promise<QueueJob> {
  const { job, state } = await findJob(queue, id)
  if (state !== 'failed') throw conflict(`Job ${id} is ${state}: only a failed job can be retried`)
  await job.retry('failed')
  return toQueueJob(job, 'waiting')
}

/** Removes a job that is not running (a running one holds its worker's lock: stop its run instead). */
export async function removeJob(queue: Queue, id: string): Promise<void> {
  const { job, state } = await findJob(queue, id)
  if (state === 'active') throw conflict(`Job ${id} is running: it can be removed once it has completed or failed`)
  await job.remove()
}
