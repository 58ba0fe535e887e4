import type { Redis } from 'ioredis'
import type { ReadinessCheck } from '../routes/health.js'

// What callers ask of a Redis connection they were given; type-only, so importing it loads no
// Redis client (single-process mode never loads ioredis or BullMQ).

/** Resolves once the connection is ready, or rejects after `ms` (0: only if it is ready now). */
export function whenReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', ready)
      reject(new Error('unreachable'))
    }, ms)
    const ready = () => {
      clearTimeout(timer)
      resolve()
    }
    redis.once('ready', ready)
  })
}

/** Readiness: Redis answers a PING (never its address: the report is public). */
export function redisReadiness(redis: Redis): ReadinessCheck {
  return {
    name: 'redis',
    check: async () => {
      if (redis.status !== 'ready') throw new Error('unreachable')
      await redis.ping()
    },
  }
}
