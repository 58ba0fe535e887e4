import { FAILURE_STATUS, type FailureKind, type RunEvent } from '@weft/core'
import type { EngineServices, ObservedNode, RunObserver } from '@weft/engine'
import { metricsOf, type Metrics } from './registry.js'

/** A run's failure kind from the status of its `error` event (core's table read backwards); `internal` for 500 or none. */
const KIND_OF_STATUS = new Map<number, FailureKind>(
  Object.entries(FAILURE_STATUS).map(([kind, status]) => [status, kind as FailureKind]),
)
export const failureKindOfStatus = (status: number | undefined): FailureKind | 'internal' =>
  (status !== undefined && KIND_OF_STATUS.get(status)) || 'internal'

export type RunOutcome = { outcome: 'success' | 'stopped' } | { outcome: 'failed'; failureKind: string }

/**
 * How a run ended, by the same rule the chat history uses: its caller stopped it or went away,
 * it failed (its `error` event, or no `end` at all when it threw), or it answered.
 */
export function runOutcomeOf(events: readonly RunEvent[], stoppedByCaller: boolean): RunOutcome {
  if (stoppedByCaller) return { outcome: 'stopped' }
  const error = events.find((event) => event.event === 'error')
  if (error) return { outcome: 'failed', failureKind: failureKindOfStatus(error.status) }
  if (!events.some((event) => event.event === 'end')) return { outcome: 'failed', failureKind: 'internal' }
  return { outcome: 'success' }
}

/**
 * The provider label of a node's tokens: its chat model node's type without `chat`, lower case
 * (`chatOpenAI` → `openai`, `chatAnthropic` → `anthropic`, `chatOpenAICustom` → `openaicustom`), the
 * same for a chatflow's model node and an agentflow step's model setting (`llmModel: chatOpenAI`).
 */
export function providerOf(node: ObservedNode): string {
  const modelSetting = Object.entries(node.params).find(([name, value]) => /model$/i.test(name) && /^chat/.test(value))
  const name = modelSetting?.[1] ?? node.name
  return name.replace(/^chat/, '').toLowerCase() || 'unknown'
}

/** Counts the tokens each observed node reports, then hands on to the run's own observer (tracing). */
function tokenObserver(metrics: Metrics, inner: RunObserver | undefined): RunObserver {
  return {
    nodeStart(node) {
      const observation = inner?.nodeStart(node)
      return {
        nodeEnd(outcome) {
          if (outcome.usage) {
            const provider = providerOf(node)
            metrics.modelTokens.inc({ provider, kind: 'input' }, outcome.usage.inputTokens)
            metrics.modelTokens.inc({ provider, kind: 'output' }, outcome.usage.outputTokens)
          }
          observation?.nodeEnd(outcome)
        },
      }
    },
  }
}

/** Runs going on, so a shutdown can wait for them. */
export interface RunsInProgress {
  count: () => number
  /** Resolves true once no run is going on, false when `timeoutMs` passed first. */
  whenIdle: (timeoutMs: number) => Promise<boolean>
}

interface RunCount {
  count: number
  waiters: Set<() => void>
}

const newCount = (): RunCount => ({ count: 0, waiters: new Set() })
const byApp = new WeakMap<Metrics, RunCount>()
/** Every app's runs in this process (a server process has one app). */
const inProcess = newCount()

function countOf(metrics: Metrics): RunCount {
  let runs = byApp.get(metrics)
  if (!runs) {
    runs = newCount()
    byApp.set(metrics, runs)
  }
  return runs
}

function change(runs: RunCount, by: 1 | -1) {
  runs.count += by
  if (runs.count === 0) for (const waiter of [...runs.waiters]) waiter()
}

const watching = (runs: RunCount): RunsInProgress => ({
  count: () => runs.count,
  whenIdle: (timeoutMs) =>
    new Promise((resolve) => {
      if (runs.count === 0) return resolve(true)
      const done = () => {
        clearTimeout(timer)
        runs.waiters.delete(done)
        resolve(true)
      }
      const timer = setTimeout(() => {
        runs.waiters.delete(done)
        resolve(false)
      }, timeoutMs)
      runs.waiters.add(done)
    }),
})

/** The runs of one app (the one `ctx` belongs to). */
export const appRunsInProgress = (ctx: { runningAnswers: object }): RunsInProgress => watching(countOf(metricsOf(ctx)))

/** The runs of every app in this process. */
export const runsInProgress = (): RunsInProgress => watching(inProcess)

/** The run's services with token counting added to their observer (tracing's, when there is one). */
export function countModelTokens(ctx: { runningAnswers: object }, services: EngineServices): EngineServices {
  return { ...services, observer: tokenObserver(metricsOf(ctx), services.observer) }
}

export interface MeteredRun {
  /** The run's events, its first token timed when it streams. */
  events: <T extends RunEvent>(events: AsyncIterable<T>) => AsyncGenerator<T>
  /** Counts the run's end once it is over (its answer stored), by its events; later calls do nothing. */
  end: (events: readonly RunEvent[]) => void
}

/**
 * Meters one flow run from now: counted while it goes on, then by outcome with its duration and,
 * when it streams, the time to its first token. `end` must follow (a `finally`).
 */
export function meterRun(
  ctx: { runningAnswers: object },
  flow: { type: string },
  call: { signal: AbortSignal; request: { streaming?: boolean } },
  /** When the run was asked (an ISO time): its durations count from then. */
  askedAt: string,
): MeteredRun {
  const metrics = metricsOf(ctx)
  const runs = countOf(metrics)
  const flowType = flow.type.toLowerCase()
  const started = Date.parse(askedAt)
  const seconds = () => Math.max(0, Date.now() - started) / 1000
  change(runs, 1)
  change(inProcess, 1)
  metrics.runsActive.inc({ flow_type: flowType })
  let ended = false
  return {
    async *events(events) {
      let timed = call.request.streaming !== true
      for await (const event of events) {
        if (!timed && event.event === 'token') {
          timed = true
          metrics.firstToken.observe({ flow_type: flowType }, seconds())
        }
        yield event
      }
    },
    end(events) {
      if (ended) return
      ended = true
      const ran = runOutcomeOf(events, call.signal.aborted)
      metrics.runs.inc({
        flow_type: flowType,
        outcome: ran.outcome,
        ...(ran.outcome === 'failed' ? { failure_kind: ran.failureKind } : {}),
      })
      metrics.runDuration.observe({ flow_type: flowType, outcome: ran.outcome }, seconds())
      metrics.runsActive.dec({ flow_type: flowType })
      change(runs, -1)
      change(inProcess, -1)
    },
  }
}
