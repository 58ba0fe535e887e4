import type { FastifyInstance } from 'fastify'
import type { Metrics } from './registry.js'

/** The route label of a request that matched none (a 404 or a request refused before routing). */
export const UNMATCHED_ROUTE = '(unmatched)'

/**
 * Counts and times every answered request by its route pattern (`/api/v1/prediction/:id`, never
 * the URL with its ids, so the label set stays small), method and status. A streamed run counts
 * when its stream ends.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    }
    metrics.httpRequests.inc(labels)
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000)
  })
}
