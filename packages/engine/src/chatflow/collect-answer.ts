import type {
  ExecutedStep,
  HumanInputAction,
  RunEvent,
  RunMetadata,
  SourceDocument,
  TokenUsage,
  UsedTool,
} from '@weft/core'

/** A run's events gathered into one answer, for the JSON (non-streaming) prediction. */
export interface CollectedAnswer {
  text: string
  sourceDocuments: SourceDocument[]
  usedTools: UsedTool[]
  usage?: TokenUsage
  metadata?: RunMetadata
  /** Set when the run failed or was stopped: the message of its `error` event. */
  error?: string
  /** The status its `error` event gave (see RunEvent); undefined for a stop, or an event without one. */
  errorStatus?: number
  /** Agentflows: the steps executed, and the Human Input the run paused at. */
  executedData?: ExecutedStep[]
  action?: HumanInputAction
}

/** Reads a run to its end and joins its tokens, documents and tools the way a streaming client would. */
export async function collectAnswer(events: AsyncIterable<RunEvent>): Promise<CollectedAnswer> {
  const answer: CollectedAnswer = { text: '', sourceDocuments: [], usedTools: [] }
  for await (const event of events) {
    if (event.event === 'token') answer.text += event.data
    else if (event.event === 'sourceDocuments') answer.sourceDocuments.push(...event.data)
    else if (event.event === 'usedTools') answer.usedTools.push(...event.data)
    else if (event.event === 'error') {
      answer.error = event.data
      if (event.status !== undefined) answer.errorStatus = event.status
    } else if (event.event === 'agentFlowExecutedData') answer.executedData = event.data
    else if (event.event === 'action') answer.action = event.data
    else if (event.event === 'metadata') {
      answer.metadata = event.data
      if (event.data.usage) answer.usage = event.data.usage
    }
  }
  return answer
}
