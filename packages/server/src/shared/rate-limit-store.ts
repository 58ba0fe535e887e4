import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Counters } from './counters.js'

interface RouteInfo {
  routeInfo?: { method?: string | string[]; url?: string }
}

/**
 * A store for @fastify/rate-limit on shared counters: each route's limits count apart, as in the
 * plugin's own stores (its key is the route, then the limit's key). Built for queue mode, where
 * the counters are Redis's and fall back to this process's memory while Redis is away.
 */
export function countersRateLimitStore(counters: Counters): FastifyRateLimitStoreCtor {
  class CountersStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly route = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ) {
      counters
        .hit(`${this.route}${key}`, timeWindow ?? 60_000)
        .then(({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }))
        .catch((error: Error) => callback(error))
    }

    child(routeOptions: FastifyRateLimitOptions & RouteInfo): FastifyRateLimitStore {
      const { method = '', url = '' } = routeOptions.routeInfo ?? {}
      return new CountersStore(routeOptions, `${String(method)}${url}-`)
    }
  }
  return CountersStore
}
