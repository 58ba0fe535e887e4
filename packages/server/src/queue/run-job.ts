import type { AllowedOverrides, ChatSource, ChatType, PredictionRequest, RunEvent } from '@weft/core'
import type { PredictionCall, PredictionResult } from '../services/prediction.service.js'

/**
 * A flow run as a BullMQ job: what the worker needs to make the same call, as plain data. The flow
 * itself is read again by the worker (it may be 50 MB); the job names it.
 */
export interface RunJobData {
  flowId: string
  workspaceId: string
  /** Shown on the queue screen. */
  flowName: string
  request: PredictionRequest
  chatType: ChatType
  source: ChatSource
  overrides: AllowedOverrides
  prompt?: string
  resumeExecutionId?: string
  /** The chat history's question and answer ids, chosen by the server that relays the run. */
  exchange: { questionId: string; chatMessageId: string }
}

export const jobDataOf = (call: PredictionCall, exchange: RunJobData['exchange']): RunJobData => ({
  flowId: call.flow.id,
  workspaceId: call.flow.workspace_id,
  flowName: call.flow.name,
  request: call.request,
  chatType: call.chatType,
  source: call.source,
  overrides: call.overrides,
  ...(call.prompt !== undefined ? { prompt: call.prompt } : {}),
  ...(call.resumeExecutionId ? { resumeExecutionId: call.resumeExecutionId } : {}),
  exchange,
})

/** One entry of a run's event stream in Redis: an event, the result at the end, or why it failed. */
export type StreamEntry =
  | { kind: 'event'; event: RunEvent }
  | { kind: 'result'; result: PredictionResult }
  | { kind: 'failure'; message: string; status: number }

const FIELD = { event: 'e', result: 'r', failure: 'x' } as const

/** The entry as the field and value XADD writes. */
export function entryFields(entry: StreamEntry): [string, string] {
  if (entry.kind === 'event') return [FIELD.event, JSON.stringify(entry.event)]
  if (entry.kind === 'result') return [FIELD.result, JSON.stringify(entry.result)]
  return [FIELD.failure, JSON.stringify({ message: entry.message, status: entry.status })]
}

/** The entry XREAD gave back (its fields as a flat list), or undefined when it is not one of ours. */
export function entryOf(fields: readonly string[]): StreamEntry | undefined {
  const [field, value] = fields
  if (value === undefined) return undefined
  if (field === FIELD.event) return { kind: 'event', event: JSON.parse(value) as RunEvent }
  if (field === FIELD.result) return { kind: 'result', result: JSON.parse(value) as PredictionResult }
  if (field === FIELD.failure) {
    const { message, status } = JSON.parse(value) as { message: string; status: number }
    return { kind: 'failure', message, status }
  }
  return undefined
}

/** Messages on the control channel, from any server to every worker. */
export type ControlMessage =
  /** The embed's Stop: stop every answer of the chat (recorded as stopped, with what it had). */
  | { stop: { flowId: string; chatId: string } }
  /** The caller of this job went away before its answer was complete. */
  | { cancel: string }
