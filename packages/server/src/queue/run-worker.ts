import { Worker, type Job } from 'bullmq'
import type { AppContext } from '../context.js'
import { findRunningExecution } from '../db/repositories/executions.repository.js'
import { findFlowOfAnyWorkspace } from '../db/repositories/flows.repository.js'
import { HttpError } from '../http-error.js'
import { executionStore } from '../services/executions.service.js'
import { predict, type PredictionCall } from '../services/prediction.service.js'
import { asStopEvent } from '../services/running-answers.js'
import { runSessionOf } from '@weft/core'
import { RUN_QUEUES, redisKeys, type RunQueueName } from './names.js'
import { connectRedis, jobWorkerOptions } from './redis.js'
import { entryFields, type ControlMessage, type RunJobData, type StreamEntry } from './run-job.js'

/** Why a run stopped when its caller went away. */
export const CALLER_GONE = 'The caller went away'
/** Why a run stopped when its worker shut down before it finished. */
export const WORKER_SHUTDOWN = 'The worker shut down'
/** A run's stream is kept this long after its last write, for a relay that reads late. */
const STREAM_TTL_S = 3600

interface ActiveRun {
  queue: RunQueueName
  controller: AbortController
}

export interface RunWorkers {
  /** Runs now on this worker. */
  active(): number
  /**
   * Stops taking jobs; running ones get `graceMs` to finish. Then chatflow answers still running
   * are stopped (recorded as stopped) and agentflow runs are left to another worker, which goes on
   * from their last checkpoint.
   */
  close(graceMs: number): Promise<boolean>
}

/**
 * The worker side of queue mode: takes run jobs from both queues, runs each with the same engine
 * code as a server (`predict`), writes its events to the job's Redis stream and stops a run when a
 * Stop or its caller's leaving comes over the control channel.
 */
export async function startRunWorkers(ctx: AppContext): Promise<RunWorkers> {
  const queue = ctx.queue
  if (!queue) throw new Error('Workers run in queue mode only (MODE=queue and REDIS_URL)')
  const { config } = queue
  const keys = redisKeys(config.prefix)
  const writer = connectRedis(config, { blocking: true, name: 'worker-events', pipelined: true })
  const subscriber = connectRedis(config, { blocking: true, name: 'worker-control' })
  const active = new Map<string, ActiveRun>()

  await subscriber.subscribe(keys.control)
  subscriber.on('message', (_channel, text) => {
    let message: ControlMessage
    try {
      message = JSON.parse(text) as ControlMessage
    } catch {
      return
    }
    if ('cancel' in message) active.get(message.cancel)?.controller.abort(CALLER_GONE)
    else if ('stop' in message) void ctx.runningAnswers.stop(message.stop.flowId, message.stop.chatId)
  })

  const run = (name: RunQueueName) => async (job: Job<RunJobData>) => {
    const jobId = job.id
    if (!jobId) return
    const stream = keys.runEvents(jobId)
    // The stream expires an hour after it was opened and again after its end, never left behind.
    let opened = false
    const write = async (entry: StreamEntry) => {
      await writer.xadd(stream, '*', ...entryFields(entry))
      if (!opened || entry.kind !== 'event') await writer.expire(stream, STREAM_TTL_S)
      opened = true
    }
    const controller = new AbortController()
    active.set(jobId, { queue: name, controller })
    try {
      const call = await callOf(ctx, job, name, controller.signal)
      if (!call) {
        await write({ kind: 'failure', message: 'The flow was deleted before its run started.', status: 404 })
        return
      }
      const chatId = runSessionOf(call.request).chatId
      const untrack = chatId ? ctx.runningAnswers.track(call.flow.id, chatId, controller) : () => {}
      try {
        const running = predict(ctx, call)
        let step = await running.next()
        while (!step.done) {
          await write({ kind: 'event', event: asStopEvent(step.value, controller.signal) })
          step = await running.next()
        }
        await write({ kind: 'result', result: step.value })
        // The queue screen lists a run that failed among the failed jobs, with its error.
        const { answer } = step.value
        if (answer.error && !controller.signal.aborted) throw new RunFailed(answer.error)
      } finally {
        untrack()
      }
    } catch (error) {
      if (error instanceof HttpError) {
        await write({ kind: 'failure', message: error.message, status: error.statusCode })
        throw error
      }
      if (!(error instanceof RunFailed)) {
        ctx.log.error({ err: error, jobId }, 'A queued run failed')
        await write({ kind: 'failure', message: 'The run failed unexpectedly', status: 500 }).catch(() => undefined)
      }
      throw error
    } finally {
      active.delete(jobId)
    }
  }

  const options = (maxStalledCount: number) => jobWorkerOptions(config, 'worker', maxStalledCount)
  const workers = [
    // A chatflow answer whose worker died may have reached the model: it fails, never runs twice.
    new Worker<RunJobData>(RUN_QUEUES.chatflow, run(RUN_QUEUES.chatflow), options(0)),
    // An agentflow run whose worker died goes on from its last checkpoint on another worker.
    new Worker<RunJobData>(RUN_QUEUES.agentflow, run(RUN_QUEUES.agentflow), options(2)),
  ]
  for (const worker of workers) {
    worker.on('error', (error) => ctx.log.warn({ err: error }, 'The run queue reported an error'))
  }

  return {
    active: () => active.size,
    async close(graceMs) {
      const closing = Promise.all(workers.map((worker) => worker.close()))
      const finished = await Promise.race([
        closing.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
      ])
      if (!finished) {
        for (const { queue: name, controller } of active.values()) {
          if (name === RUN_QUEUES.chatflow) controller.abort(WORKER_SHUTDOWN)
        }
        await Promise.all(workers.map((worker) => worker.close(true)))
      }
      await subscriber.quit().catch(() => subscriber.disconnect())
      await writer.quit().catch(() => writer.disconnect())
      return finished
    },
  }
}

/** A run's answer said it failed: its stream has the result already. */
class RunFailed extends Error {}

/**
 * The call a job makes. A job run again after its worker died (an agentflow) goes on with the
 * execution the earlier attempt left, from its last checkpoint; its question and answer are in the
 * history already.
 */
async function callOf(
  ctx: AppContext,
  job: Job<RunJobData>,
  name: RunQueueName,
  signal: AbortSignal,
): Promise<PredictionCall | undefined> {
  const data = job.data
  const flow = await findFlowOfAnyWorkspace(ctx.db, data.flowId)
  if (!flow || flow.workspace_id !== data.workspaceId) return undefined
  const again = job.attemptsStarted > 1
  const call: PredictionCall = {
    flow,
    request: data.request,
    chatType: data.chatType,
    source: data.source,
    signal,
    overrides: data.overrides,
    ...(data.prompt !== undefined ? { prompt: data.prompt } : {}),
    ...(data.resumeExecutionId ? { resumeExecutionId: data.resumeExecutionId } : {}),
    exchange: { ...data.exchange, started: again },
  }
  if (!again || name !== RUN_QUEUES.agentflow) return call
  const sessionId = runSessionOf(data.request).sessionId
  if (!sessionId) return call
  const scope = { workspaceId: flow.workspace_id }
  const left = await findRunningExecution(ctx.db, scope, flow.id, sessionId, new Date(job.timestamp).toISOString())
  if (!left) return call
  await executionStore(ctx, flow.workspace_id).update(left.id, { state: 'TERMINATED' })
  // It died before its first step was saved: nothing to go on from, the run starts again.
  if (left.checkpoint === null) return call
  // A form or a Human Input answer was taken by the first attempt; the checkpoint has it.
  const { form: _form, humanInput: _answer, ...request } = data.request
  ctx.log.info({ jobId: job.id, executionId: left.id }, 'A run whose worker stopped goes on from its last checkpoint')
  return { ...call, request, resumeExecutionId: left.id }
}
