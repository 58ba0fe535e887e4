import {
  activePostProcessing,
  errorMessage,
  fencedJson,
  type ChatTurn,
  type RunEvent,
  type RunMetadata,
  type SourceDocument,
  type UsedTool,
} from '@weft/core'
import { runUserCode } from '@weft/nodes'
import type { FlowRow } from '../db/tables.js'
import { readChatbotConfig } from './flow-config.js'

// The owner's post-processing function rewrites every answer before it is stored and sent. It runs
// in the sandbox pool, like all user code, once the flow has answered; while it is on the answer's
// tokens are held back, so a client sees only the final text (one token before metadata and end).

/** The run the function reads as `$flow`, by Flowise's names. */
export interface PostProcessingRun {
  flowId: string
  chatId: string
  sessionId: string
  question: string
  history: ChatTurn[]
  signal: AbortSignal
}

const NAME = 'Post-processing function'

/** What the function returned, as the answer's text: text as it is, anything else as a JSON block. */
function answerText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined || value === null) throw new Error('it returned nothing; return the final answer as text')
  return fencedJson(value)
}

async function* rewritten(
  events: AsyncIterable<RunEvent>,
  code: string,
  run: PostProcessingRun,
): AsyncGenerator<RunEvent> {
  let rawOutput = ''
  let failed = false
  let metadata: RunMetadata | undefined
  const sourceDocuments: SourceDocument[] = []
  const usedTools: UsedTool[] = []
  for await (const event of events) {
    if (event.event === 'token') rawOutput += event.data
    else if (event.event === 'metadata') metadata = event.data
    else if (event.event !== 'end') {
      if (event.event === 'error') failed = true
      if (event.event === 'sourceDocuments') sourceDocuments.push(...event.data)
      if (event.event === 'usedTools') usedTools.push(...event.data)
      yield event
    }
    if (event.event !== 'end') continue
    if (!failed && !run.signal.aborted) yield await applyFunction(code, run, { rawOutput, sourceDocuments, usedTools })
    if (metadata) yield { event: 'metadata', data: metadata }
    yield event
  }
}

async function applyFunction(
  code: string,
  run: PostProcessingRun,
  answer: { rawOutput: string; sourceDocuments: SourceDocument[]; usedTools: UsedTool[] },
): Promise<RunEvent> {
  const $flow = {
    ...answer,
    input: run.question,
    chatHistory: run.history,
    chatflowId: run.flowId,
    chatId: run.chatId,
    sessionId: run.sessionId,
  }
  try {
    // Post-processing rewrites an answer; it has no business on the network.
    return {
      event: 'token',
      data: answerText(await runUserCode(code, { $flow }, { signal: run.signal, fetch: false })),
    }
  } catch (error) {
    if (run.signal.aborted) throw error
    return { event: 'error', data: `${NAME}: ${errorMessage(error)}` }
  }
}

/**
 * The run's events as the client and the chat history get them: unchanged while the flow's
 * post-processing is off; else with the answer replaced by what the function returns, or by an
 * error naming the function when it fails.
 */
export function postProcessed(
  flow: Pick<FlowRow, 'chatbot_config'>,
  run: PostProcessingRun,
  events: AsyncIterable<RunEvent>,
): AsyncIterable<RunEvent> {
  const code = activePostProcessing(readChatbotConfig(flow.chatbot_config).postProcessing)
  return code === undefined ? events : rewritten(events, code, run)
}
