import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/**
 * The Prometheus metrics of one app: its own registry (tests build many apps in one process, so
 * the global default registry is never used), with the process metrics, HTTP requests and flow
 * runs. Queue mode adds its queue metrics (depth, wait, active jobs) to the same registry.
 */
export interface Metrics {
  registry: Registry
  httpRequests: Counter<'method' | 'route' | 'status'>
  httpDuration: Histogram<'method' | 'route' | 'status'>
  runs: Counter<'flow_type' | 'outcome' | 'failure_kind'>
  runDuration: Histogram<'flow_type' | 'outcome'>
  firstToken: Histogram<'flow_type'>
  runsActive: Gauge<'flow_type'>
  modelTokens: Counter<'provider' | 'kind'>
}

/** Seconds; runs take from milliseconds (the built-in responder) to minutes (agents with tools). */
const RUN_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300]
const FIRST_TOKEN_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30]
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

export function createMetrics(): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'weft_' })
  const registers = [registry]
  return {
    registry,
    httpRequests: new Counter({
      name: 'weft_http_requests_total',
      help: 'HTTP requests answered, by route pattern (never the raw URL), method and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'weft_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (a streamed run: until its stream ended)',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    runs: new Counter({
      name: 'weft_flow_runs_total',
      help: 'Flow runs ended, by flow type and outcome (success, failed with its failure kind, stopped)',
      labelNames: ['flow_type', 'outcome', 'failure_kind'],
      registers,
    }),
    runDuration: new Histogram({
      name: 'weft_flow_run_duration_seconds',
      help: 'Time from the start of a flow run to its end',
      labelNames: ['flow_type', 'outcome'],
      buckets: RUN_BUCKETS,
      registers,
    }),
    firstToken: new Histogram({
      name: 'weft_flow_first_token_seconds',
      help: 'Time from the start of a streamed flow run to its first token',
      labelNames: ['flow_type'],
      buckets: FIRST_TOKEN_BUCKETS,
      registers,
    }),
    runsActive: new Gauge({
      name: 'weft_flow_runs_active',
      help: 'Flow runs going on right now in this process',
      labelNames: ['flow_type'],
      registers,
    }),
    modelTokens: new Counter({
      name: 'weft_model_tokens_total',
      help: 'Tokens used by model calls, by provider and kind (input, output), where the model reports usage',
      labelNames: ['provider', 'kind'],
      registers,
    }),
  }
}

const byApp = new WeakMap<object, Metrics>()

/**
 * The metrics of the app `ctx` belongs to, made on first use. Keyed by the app's running-answers
 * registry, which every copy of the context (`{ ...ctx, db: trx }`) shares.
 */
export function metricsOf(ctx: { runningAnswers: object }): Metrics {
  let metrics = byApp.get(ctx.runningAnswers)
  if (!metrics) {
    metrics = createMetrics()
    byApp.set(ctx.runningAnswers, metrics)
  }
  return metrics
}
