import type { RateLimitOptions } from '@fastify/rate-limit'
import { PUBLIC_FLOW_RATE_LIMIT } from '@weft/core'
import type { FastifyRequest } from 'fastify'
import type { FlowRow } from '../db/tables.js'
import { HttpError } from '../http-error.js'
import { DEFAULT_RATE_LIMIT_MESSAGE, readRateLimit, type RateLimitRule } from '../services/flow-config.js'

/** The flow a request calls and its rule, set by the route's preHandler once the flow is loaded. */
const limits = new WeakMap<FastifyRequest, { flowId: string; rule: RateLimitRule | undefined }>()

/** `flowId` defaults to the route's `:id`; routes that name the flow in their body pass it. */
export const setFlowRateLimit = (
  request: FastifyRequest,
  rule: RateLimitRule | undefined,
  flowId: string = (request.params as { id?: string }).id ?? '',
): void => {
  limits.set(request, { flowId, rule })
}

const PUBLIC_DEFAULT: RateLimitRule = {
  max: PUBLIC_FLOW_RATE_LIMIT.limitMax,
  windowMs: PUBLIC_FLOW_RATE_LIMIT.limitDuration * 1000,
  message: DEFAULT_RATE_LIMIT_MESSAGE,
}

/**
 * The limit callers of the flow get: the owner's own rule, else the default when the flow is
 * public (anyone may call it, on the owner's model budget). Flows reached only by API key or by
 * members are unlimited unless their owner sets a rule.
 */
export const flowRateLimit = (flow: Pick<FlowRow, 'api_config' | 'is_public'>): RateLimitRule | undefined =>
  readRateLimit(flow.api_config) ?? (flow.is_public === 1 ? PUBLIC_DEFAULT : undefined)

const ruleOf = (request: FastifyRequest): RateLimitRule | undefined => limits.get(request)?.rule

/**
 * @fastify/rate-limit options for a route that runs a flow: each flow's own limit from its API
 * config, counted per client address (`request.ip`, which believes X-Forwarded-For only from the
 * proxies WEFT_TRUST_PROXY names). The rule is part of the key, so changing it starts afresh.
 */
export const FLOW_RATE_LIMIT: RateLimitOptions = {
  allowList: (request) => ruleOf(request) === undefined,
  keyGenerator: (request) => {
    const limit = limits.get(request)
    if (!limit?.rule) return 'flow|unlimited'
    return `flow|${limit.flowId}|${limit.rule.max}/${limit.rule.windowMs}|${request.ip}`
  },
  max: (request) => ruleOf(request)?.max ?? Number.MAX_SAFE_INTEGER,
  timeWindow: (request) => ruleOf(request)?.windowMs ?? 60_000,
  errorResponseBuilder: (request) => new HttpError(429, ruleOf(request)?.message ?? 'Too many requests'),
}
