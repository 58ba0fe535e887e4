/**
 * The Redis keys and channel of what several servers must agree on in queue mode (rate limits,
 * login backoff, cache invalidation); all under the install's prefix, beside `redisKeys`.
 */
export const sharedKeys = (prefix: string) => ({
  /** @fastify/rate-limit's name space: its keys are this, the route, then the limit's own key. */
  rateLimit: `${prefix}:rate-limit:`,
  /** A fixed-window count of one key (the limit's name, then what it counts), expiring with its window. */
  count: (key: string) => `${prefix}:count:${key}`,
  /** One account's wrong passwords in a row and when the last try started (a hash). */
  loginBackoff: (account: string) => `${prefix}:login-backoff:${account}`,
  /** The pub/sub channel on which servers and workers say what changed (`SharedInvalidation`). */
  invalidation: `${prefix}:invalidate`,
})
