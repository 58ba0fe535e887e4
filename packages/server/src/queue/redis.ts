import { Redis, type RedisOptions } from 'ioredis'
import type { QueueConfig } from '../config.js'

/**
 * A connection to the queue's Redis. `blocking` ones (BullMQ workers, stream readers) wait for
 * Redis for as long as it takes; the others (enqueueing, publishing) fail at once while it is
 * down, so a caller is answered instead of kept waiting on a command that may run later.
 */
export function connectRedis(
  config: QueueConfig,
  role: { blocking: boolean; name: string; pipelined?: boolean; commandTimeoutMs?: number },
): Redis {
  const options: RedisOptions = {
    connectionName: `weft-${role.name}`,
    // Commands of many runs issued at once go to Redis in one write (a worker's event writes).
    enableAutoPipelining: role.pipelined === true,
    maxRetriesPerRequest: role.blocking ? null : 1,
    enableOfflineQueue: role.blocking,
    // Reconnects by itself, a little later each time, never more than 2 s apart.
    retryStrategy: (times) => Math.min(100 * times, 2000),
    lazyConnect: false,
    // A command Redis does not answer in this long fails, so its caller can go on without it.
    ...(role.commandTimeoutMs === undefined ? {} : { commandTimeout: role.commandTimeoutMs }),
  }
  const redis = new Redis(config.redisUrl, options)
  // ioredis reports every failed reconnect as an error event; the readiness check says it instead.
  redis.on('error', () => {})
  return redis
}

/**
 * BullMQ worker options of queue mode: the install's prefix and concurrency, jobs held for
 * WEFT_QUEUE_LOCK_MS and looked at as often, and how many times a job whose worker died is taken
 * back before it fails (0: never run again).
 */
export const jobWorkerOptions = (config: QueueConfig, name: string, maxStalledCount: number) => ({
  connection: connectRedis(config, { blocking: true, name }),
  prefix: config.prefix,
  concurrency: config.concurrency,
  lockDuration: config.lockMs,
  stalledInterval: config.lockMs,
  maxStalledCount,
})
