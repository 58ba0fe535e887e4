import {
  errorMessage,
  readFlowAnalytic,
  redactSecrets,
  secretsToRedact,
  tracingChoices,
  TRACING_PROVIDER_INFO,
  type RunEvent,
  type TracingChoice,
} from '@weft/core'
import type { EngineServices } from '@weft/engine'
import type { AppContext } from '../../context.js'
import type { FlowRow } from '../../db/tables.js'
import { readCredentialData } from '../credentials.service.js'
import { redactRecord } from './redact-record.js'
import { recordRun, type RunRecord, type TracedRun } from './run-record.js'
import { destinationOf } from './trace-destination.js'

/** A run's trace: its services watch the nodes; `end` sends the trace once the answer is out. */
export interface RunTrace {
  /** The run's services with the observer set, noting each credential value read so no trace shows it. */
  watch: (services: EngineServices) => EngineServices
  /** Closes the trace with the run's events and exports it in the background; never throws. */
  end: (events: readonly RunEvent[]) => void
}

// Destinations whose last export failed, by flow and provider: a failure is logged when it starts,
// not on every run while a collector stays down, and its recovery once.
const failing = new Set<string>()

async function exportTo(
  ctx: AppContext,
  flow: FlowRow,
  choice: TracingChoice,
  record: RunRecord,
  runSecrets: ReadonlySet<string>,
): Promise<void> {
  const key = `${flow.id}:${choice.provider}`
  const label = TRACING_PROVIDER_INFO[choice.provider].label
  let secrets = secretsToRedact(runSecrets)
  try {
    const credential = await readCredentialData(ctx, flow.workspace_id, choice.credentialId)
    secrets = secretsToRedact([...runSecrets, ...Object.values(credential)])
    const destination = destinationOf(choice, credential)
    const redacted = redactRecord(record, secrets)
    // LangSmith's client (about 120 modules) is loaded by the first trace sent there, not at start.
    if (destination.kind === 'langSmith')
      await (await import('./langsmith-export.js')).sendToLangSmith(ctx.outbound.fetch, destination, redacted)
    // OpenTelemetry's packages (about 230 modules) load with the first trace sent, not at start.
    else await (await import('./otlp-export.js')).sendOtlp(ctx.outbound.fetch, destination, redacted)
    if (failing.delete(key))
      ctx.log.info({ flowId: flow.id, provider: choice.provider }, `Tracing to ${label} works again`)
  } catch (error) {
    if (failing.has(key)) return
    failing.add(key)
    const reason = redactSecrets(errorMessage(error), secrets)
    // Logged once until it works again; the runs themselves were answered as usual.
    ctx.log.warn({ flowId: flow.id, provider: choice.provider }, `Tracing to ${label} failed: ${reason}`)
  }
}

const UNTRACED: RunTrace = { watch: (services) => services, end: () => {} }

/**
 * Starts the trace of a run when the flow's `analytic` switches a provider on; when none is, the
 * trace does nothing and an untraced flow costs one JSON read. The export happens after the
 * answer has been sent, never delays or fails the run, and a failure is logged without secrets.
 */
export function startRunTrace(ctx: AppContext, flow: FlowRow, run: Omit<TracedRun, 'flowId' | 'flowName'>): RunTrace {
  const choices = tracingChoices(readFlowAnalytic(flow.analytic))
  if (choices.length === 0) return UNTRACED
  const recorder = recordRun({ ...run, flowId: flow.id, flowName: flow.name })
  const secrets = new Set<string>()
  let ended = false
  return {
    watch: (services) => ({
      ...services,
      observer: recorder.observer,
      credential: async (id) => {
        const data = await services.credential(id)
        for (const value of Object.values(data)) secrets.add(value)
        return data
      },
    }),
    end(events) {
      if (ended) return
      ended = true
      const record = recorder.finish(events)
      // After the current turn of the event loop, so the answer is written before any export work.
      setImmediate(() => {
        for (const choice of choices) void exportTo(ctx, flow, choice, record, secrets)
      })
    },
  }
}
