import { randomUUID } from 'node:crypto'
import { runSessionOf, type RunEvent } from '@weft/core'
import { collectAnswer } from '@weft/engine'
import type { AppContext } from '../context.js'
import { HttpError } from '../http-error.js'
import { isAgentflow } from '../services/agentflow-runs.js'
import { finishExchange } from '../services/chat-messages.service.js'
import type { FlowRuns, PredictionCall, PredictionIds, PredictionResult } from '../services/prediction.service.js'
import { RUN_QUEUES, redisKeys, type RunQueueName } from './names.js'
import type { QueueMode } from './queue-mode.js'
import { readerPool } from './reader-pool.js'
import { whenReady } from './redis-status.js'
import { entryOf, jobDataOf, type ControlMessage } from './run-job.js'

/** How long one blocking read waits before the job's state is looked at. */
const READ_BLOCK_MS = 1000
/** Beyond the run time limit, how long a run may wait in the queue for a worker. */
const QUEUE_WAIT_MS = 60_000

export const QUEUE_UNREACHABLE =
  'The run queue (Redis) cannot be reached right now: nothing was run. Try again in a moment.'
export const WORKER_STOPPED =
  'The worker running this answer stopped before it finished; the answer was not run again. Ask again.'
export const RUN_LOST = 'The run was lost: the run queue (Redis) restarted before it finished. Ask again.'
export const RUN_TIMED_OUT = 'The run did not finish in time on a worker; it was stopped.'

/**
 * Queue mode's runs: each call becomes a job on its queue, run by a worker with the same engine;
 * its events come back through a Redis stream, in order, to this server, which holds the client's
 * connection. The caller going away cancels the job on the worker.
 */
export function queuedRuns(ctx: AppContext, queue: QueueMode): FlowRuns & { close(): void } {
  const keys = redisKeys(queue.config.prefix)
  const readers = readerPool(queue.config)
  const publish = (message: ControlMessage) =>
    queue.redis.publish(keys.control, JSON.stringify(message)).catch(() => undefined)

  async function enqueue(name: RunQueueName, jobId: string, data: ReturnType<typeof jobDataOf>) {
    try {
      await whenReady(queue.redis, queue.config.waitMs)
      await queue.queues[name].add('run', data, {
        jobId,
        attempts: 1,
        removeOnComplete: { age: 24 * 3600, count: 1000 },
        removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
      })
    } catch (error) {
      ctx.log.warn({ err: error }, 'A run could not be queued')
      throw new HttpError(503, QUEUE_UNREACHABLE)
    }
  }

  return {
    async start(call) {
      // A run that names no chat gets one here, so an agentflow resumed on another worker keeps it.
      const request = runSessionOf(call.request).chatId ? call.request : { ...call.request, chatId: randomUUID() }
      const session = runSessionOf(request)
      const chatId = session.chatId ?? randomUUID()
      const ids: PredictionIds = { chatId, sessionId: session.sessionId ?? chatId, chatMessageId: randomUUID() }
      const exchange = { questionId: randomUUID(), chatMessageId: ids.chatMessageId }
      const name = isAgentflow(call.flow.type) ? RUN_QUEUES.agentflow : RUN_QUEUES.chatflow
      const jobId = randomUUID()
      await enqueue(name, jobId, jobDataOf({ ...call, request }, exchange))
      return relay({ ...call, request }, name, jobId, ids, exchange)
    },
    close: () => readers.close(),
  }

  async function* relay(
    call: PredictionCall,
    name: RunQueueName,
    jobId: string,
    ids: PredictionIds,
    exchange: { questionId: string; chatMessageId: string },
  ): AsyncGenerator<RunEvent, PredictionResult> {
    // A job still waiting is taken off the queue; one running is stopped by its worker.
    const cancel = () => {
      void publish({ cancel: jobId })
      queue.queues[name].remove(jobId).catch(() => undefined)
    }
    call.signal.addEventListener('abort', cancel, { once: true })
    const reader = readers.acquire()
    const deadline = Date.now() + ctx.config.runTimeoutMs + QUEUE_WAIT_MS
    let done = false
    /** The run ended without its worker saying so: the history says why, and so does the answer. */
    async function* fail(message: string, status: number): AsyncGenerator<RunEvent, PredictionResult> {
      done = true
      await finishExchange(ctx, call.flow, exchange, { status: 'failed', text: message }).catch(() => undefined)
      const events: RunEvent[] = [{ event: 'error', data: message, status }]
      yield* events
      return { ids, answer: await collectAnswer(replayed(events)) }
    }
    try {
      let last = '0'
      for (;;) {
        if (Date.now() > deadline) {
          cancel()
          return yield* fail(RUN_TIMED_OUT, 504)
        }
        const read = await reader
          .xread('COUNT', 200, 'BLOCK', READ_BLOCK_MS, 'STREAMS', keys.runEvents(jobId), last)
          .catch(() => null)
        const entries = read?.[0]?.[1] ?? []
        if (entries.length === 0) {
          const lost = await jobLost(queue, name, jobId)
          if (lost) return yield* fail(lost === 'stalled' ? WORKER_STOPPED : RUN_LOST, 503)
          continue
        }
        for (const [id, fields] of entries) {
          last = id
          const entry = entryOf(fields)
          if (!entry) continue
          if (entry.kind === 'event') yield entry.event
          else if (entry.kind === 'result') {
            done = true
            return entry.result
          } else {
            done = true
            throw new HttpError(entry.status, entry.message)
          }
        }
      }
    } finally {
      call.signal.removeEventListener('abort', cancel)
      readers.release(reader)
      // The client went away (its stream closed) before the end: the worker stops the run.
      if (!done) cancel()
    }
  }
}

async function* replayed(events: readonly RunEvent[]): AsyncGenerator<RunEvent> {
  yield* events
}

/**
 * Whether a job will never write its stream's end: its worker died (`stalled`: BullMQ failed it,
 * a chatflow answer is never run twice), or the job is gone (Redis lost it). Undefined while it
 * waits or runs, and while Redis cannot be asked.
 */
async function jobLost(queue: QueueMode, name: RunQueueName, jobId: string): Promise<'stalled' | 'gone' | undefined> {
  try {
    const state = await queue.queues[name].getJobState(jobId)
    if (state === 'unknown') return 'gone'
    if (state !== 'failed') return undefined
    return 'stalled'
  } catch {
    return undefined
  }
}
