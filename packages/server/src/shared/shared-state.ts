import type { RateLimitPluginOptions } from '@fastify/rate-limit'
import { createLoginBackoff, type LoginBackoff } from '../auth/login-backoff.js'
import { memoryCounters, type Counters } from './counters.js'
import { memoryInvalidation, type InvalidationTopic, type SharedInvalidation } from './invalidation.js'

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
