import { errorMessage, genAiSystemOf, truncateForTrace, type ChatType, type RunEvent } from '@weft/core'
import type { NodeObservation, NodeOutcome, ObservedNode, RunObserver } from '@weft/engine'
import * as attr from './trace-attributes.js'

export type AttributeValue = string | number | boolean

/** One span of a run's trace as plain data; the exporters turn it into OTLP spans or LangSmith runs. */
export interface SpanRecord {
  name: string
  /** Epoch milliseconds, with fractions. */
  startTime: number
  endTime: number
  attributes: Record<string, AttributeValue>
  /** Why the span failed, when it did. */
  error?: string
}

/** A whole run: its root span and one span per node that ran, in the order they ended. */
export interface RunRecord {
  root: SpanRecord
  nodes: SpanRecord[]
}

export interface TracedRun {
  flowId: string
  flowName: string
  chatId: string
  sessionId: string
  chatMessageId: string
  chatType: ChatType
  question: string
}

export interface RunRecorder {
  observer: RunObserver
  /** Closes the run with what its events say (the answer, or the error) and gives the record. */
  finish: (events: readonly RunEvent[]) => RunRecord
}

const now = () => performance.timeOrigin + performance.now()

function outcomeAttributes(outcome: NodeOutcome): Record<string, AttributeValue> {
  const found: Record<string, AttributeValue> = {}
  if (outcome.model) {
    found[attr.SPAN_KIND] = 'LLM'
    found[attr.GEN_AI_OPERATION] = 'chat'
    found[attr.GEN_AI_SYSTEM] = genAiSystemOf(outcome.model.provider)
    found[attr.GEN_AI_REQUEST_MODEL] = outcome.model.modelId
  }
  if (outcome.usage) {
    found[attr.GEN_AI_INPUT_TOKENS] = outcome.usage.inputTokens
    found[attr.GEN_AI_OUTPUT_TOKENS] = outcome.usage.outputTokens
  }
  return found
}

function nodeAttributes(node: ObservedNode): Record<string, AttributeValue> {
  const found: Record<string, AttributeValue> = {
    [attr.SPAN_KIND]: 'CHAIN',
    [attr.NODE_ID]: node.nodeId,
    [attr.NODE_NAME]: node.name,
    [attr.NODE_LABEL]: node.label,
  }
  for (const [name, value] of Object.entries(node.params)) found[`${attr.NODE_PARAM}${name}`] = value
  return found
}

/** The text the client received and the run's error, read from its events. */
function answerOf(events: readonly RunEvent[]): { text: string; error?: string } {
  let text = ''
  let error: string | undefined
  for (const event of events) {
    if (event.event === 'token') text += event.data
    else if (event.event === 'error') error = event.data
  }
  return { text, ...(error !== undefined ? { error } : {}) }
}

/** Records a run as it happens: the engine's observer adds the nodes, `finish` closes the root. */
export function recordRun(run: TracedRun): RunRecorder {
  const startTime = now()
  const nodes: SpanRecord[] = []
  // Nodes still running when the run is over (a stopped run) are closed with it.
  const open = new Set<(outcome: NodeOutcome) => void>()

  const observer: RunObserver = {
    nodeStart(node): NodeObservation {
      const nodeStart = now()
      const end = (outcome: NodeOutcome) => {
        if (!open.delete(end)) return
        nodes.push({
          name: node.label,
          startTime: nodeStart,
          endTime: now(),
          attributes: { ...nodeAttributes(node), ...outcomeAttributes(outcome) },
          ...(outcome.error !== undefined ? { error: errorMessage(outcome.error) } : {}),
        })
      }
      open.add(end)
      return { nodeEnd: end }
    },
  }

  return {
    observer,
    finish(events) {
      for (const end of [...open]) end({ error: 'The run ended before this node did' })
      const answer = answerOf(events)
      const root: SpanRecord = {
        name: run.flowName,
        startTime,
        endTime: now(),
        attributes: {
          [attr.SPAN_KIND]: 'CHAIN',
          [attr.FLOW_ID]: run.flowId,
          [attr.FLOW_NAME]: run.flowName,
          [attr.CHAT_ID]: run.chatId,
          [attr.SESSION_ID]: run.sessionId,
          [attr.CHAT_MESSAGE_ID]: run.chatMessageId,
          [attr.CHAT_TYPE]: run.chatType,
          [attr.INPUT]: truncateForTrace(run.question),
          ...(answer.text ? { [attr.OUTPUT]: truncateForTrace(answer.text) } : {}),
        },
        ...(answer.error !== undefined ? { error: answer.error } : {}),
      }
      return { root, nodes }
    },
  }
}
