import { createLoginBackoff, redisLoginBackoff } from '../auth/login-backoff.js'
import type { QueueConfig } from '../config.js'
import { connectRedis } from '../queue/redis.js'
import { sharedKeys } from '../queue/shared-keys.js'
import { memoryCounters, redisCounters } from './counters.js'
import { redisInvalidation } from './invalidation.js'
import { countersRateLimitStore } from './rate-limit-store.js'
import type { SharedState } from './shared-state.js'

// Queue mode's shared state, apart from the interface so single-process mode never loads ioredis.

/** A Redis command waits at most this long before the caller goes on without it (a limit counts here). */
const COMMAND_TIMEOUT_MS = 1000

/**
 * Queue mode: in Redis under the install's prefix. Two connections of their own: commands that
 * fail at once while Redis is down and give up after a second when it does not answer (a request
 * is never kept waiting by a limit), and a subscriber for invalidations, which waits for Redis and
 * subscribes again by itself. While Redis is away, limits and the backoff count in this process.
 */
export function openSharedState(config: QueueConfig, name = 'server'): SharedState {
  const keys = sharedKeys(config.prefix)
  // Callers fall back to memory when a command fails.
  const redis = connectRedis(config, { blocking: false, name: `${name}-shared`, commandTimeoutMs: COMMAND_TIMEOUT_MS })
  const subscriber = connectRedis(config, { blocking: true, name: `${name}-invalidation` })
  const counters = redisCounters(redis, keys.count, memoryCounters())
  return {
    rateLimit: {
      store: countersRateLimitStore(redisCounters(redis, (key) => `${keys.rateLimit}${key}`, memoryCounters())),
      // The store never fails (it falls back to memory); should it, a request goes ahead unlimited.
      skipOnError: true,
    },
    counters,
    loginBackoff: redisLoginBackoff(redis, keys.loginBackoff, createLoginBackoff()),
    invalidation: redisInvalidation(redis, subscriber, keys.invalidation),
    close() {
      redis.disconnect()
      subscriber.disconnect()
      return Promise.resolve()
    },
  }
}
