import { HttpError } from '../http-error.js'
import type { RunningAnswers } from '../services/running-answers.js'
import { redisKeys } from './names.js'
import type { QueueMode } from './queue-mode.js'
import type { ControlMessage } from './run-job.js'

/**
 * Queue mode's running answers: the run is on a worker, maybe reached through another server, so
 * Redis counts the answers of each chat and a Stop goes to every worker on the control channel;
 * the worker that has the run stops it, and its stream brings the stopped answer back.
 */
export function queuedRunningAnswers(queue: QueueMode, runTimeoutMs: number): RunningAnswers {
  const keys = redisKeys(queue.config.prefix)
  const { redis } = queue
  return {
    track(flowId, chatId) {
      const key = keys.running(flowId, chatId)
      // Kept no longer than a run may last, so a server that died leaves no answer running forever.
      redis
        .multi()
        .incr(key)
        .pexpire(key, runTimeoutMs + 60_000)
        .exec()
        .catch(() => undefined)
      let done = false
      return () => {
        if (done) return
        done = true
        redis.decr(key).catch(() => undefined)
      }
    },
    async stop(flowId, chatId) {
      try {
        const running = Number(await redis.get(keys.running(flowId, chatId)))
        if (!(running > 0)) return false
        const message: ControlMessage = { stop: { flowId, chatId } }
        await redis.publish(keys.control, JSON.stringify(message))
        return true
      } catch {
        throw new HttpError(
          503,
          'The run queue (Redis) cannot be reached right now, so the answer cannot be stopped. Try again in a moment.',
        )
      }
    },
  }
}
