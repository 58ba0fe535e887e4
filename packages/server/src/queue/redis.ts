import { Redis, type RedisOptions } from 'ioredis'
import type { QueueConfig } from '../config.js'

/**
 * A connection to the queue's Redis. `blocking` ones (BullMQ workers, stream readers) wait for
 * Redis for as long as it takes; the others (enqueueing, publishing) fail at once while it is
 * down, so a caller is answered instead of kept waiting on a command that may run later.
 */
export function connectRedis(
  config: QueueConfig,
  role: { blocking: boolean; name: string; pipelined?: boolean },
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
  }
  const redis = new Redis(config.redisUrl, options)
  // ioredis reports every failed reconnect as an error event; the readiness check says it instead.
  redis.on('error', () => {})
  return redis
}
