import type { RateLimitOptions } from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import { HttpError } from '../http-error.js'
import type { RateLimitRule } from '../services/flow-config.js'

/** The rule of the flow a request calls, set by the route's preHandler once the flow is loaded. */
const rules = new WeakMap<FastifyRequest, RateLimitRule | undefined>()

export const setFlowRateLimit = (request: FastifyRequest, rule: RateLimitRule | undefined): void => {
  rules.set(request, rule)
}

const ruleOf = (request: FastifyRequest): RateLimitRule | undefined => rules.get(request)

/**
 * @fastify/rate-limit options for a route that runs a flow: each flow's own limit from its API
 * config, counted per client address. The rule is part of the key, so changing it starts afresh.
 */
export const FLOW_RATE_LIMIT: RateLimitOptions = {
  allowList: (request) => ruleOf(request) === undefined,
  keyGenerator: (request) => {
    const rule = ruleOf(request)
    const params = request.params as { id?: string }
    return rule ? `flow|${params.id ?? ''}|${rule.max}/${rule.windowMs}|${request.ip}` : 'flow|unlimited'
  },
  max: (request) => ruleOf(request)?.max ?? Number.MAX_SAFE_INTEGER,
  timeWindow: (request) => ruleOf(request)?.windowMs ?? 60_000,
  errorResponseBuilder: (request) => new HttpError(429, ruleOf(request)?.message ?? 'Too many requests'),
}
