import type { RateLimitPluginOptions } from '@fastify/rate-limit'
import { Redis } from 'ioredis'
import { createLoginBackoff, redisLoginBackoff, type LoginBackoff } from '../auth/login-backoff.js'
import type { QueueConfig } from '../config.js'
import { sharedKeys } from '../queue/shared-keys.js'
import { connectRedis } from '../queue/redis.js'
import { memoryCounters, redisCounters, type Counters } from './counters.js'
import {
  memoryInvalidation,
  redisInvalidation,
  type InvalidationTopic,
  type SharedInvalidation,
} from './invalidation.js'
import { countersRateLimitStore } from './rate-limit-store.js'

/**
 * What every server of an install must agree on: rate limits, the login backoff, and which cached
 * flows, credentials and the like are stale. In this process's memory in single-process mode; in
 * Redis in queue mode, so a limit counts calls to every server and an edit on one server reaches
 * the caches of all.
 */
export interface SharedState {
  /** Options for @fastify/rate-limit's registration: where route limits (and per-flow limits) count. */
  rateLimit: Pick<RateLimitPluginOptions, 'store' | 'skipOnError'>
  /** Fixed-window counts for limits of our own (mails to an address); keys start with the limit's name. */
  counters: Counters
  /** Wrong passwords in a row per account, and the wait they impose. */
  loginBackoff: LoginBackoff
  /** Cache invalidation: publish what changed, hear what changed anywhere. */
  invalidation: SharedInvalidation
  close(): Promise<void>
}

/** Single-process mode, exactly as before queue mode: all in memory, @fastify/rate-limit's own store. */
export function memorySharedState(): SharedState {
  return {
    rateLimit: {},
    counters: memoryCounters(),
    loginBackoff: createLoginBackoff(),
    invalidation: memoryInvalidation(),
    close: () => Promise.resolve(),
  }
}

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
  const redis = new Redis(config.redisUrl, {
    connectionName: `weft-${name}-shared`,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(100 * times, 2000),
  })
  // ioredis reports every failed reconnect as an error event; callers fall back instead.
  redis.on('error', () => {})
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

const fallbacks = new WeakMap<object, SharedState>()

/**
 * The app's shared state; a context built without one (a command-line tool, a test's own) gets
 * one in memory of its own, so it works alone as a single process does.
 */
export function sharedOf(ctx: { shared?: SharedState | undefined }): SharedState {
  if (ctx.shared) return ctx.shared
  let state = fallbacks.get(ctx)
  if (!state) fallbacks.set(ctx, (state = memorySharedState()))
  return state
}

/** Says, to every server's caches, that `key` of `topic` changed: call it after the change is written. */
export const announceChange = (ctx: { shared?: SharedState | undefined }, topic: InvalidationTopic, key: string) =>
  sharedOf(ctx).invalidation.publish(topic, key)
