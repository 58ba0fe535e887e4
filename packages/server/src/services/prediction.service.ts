import { randomUUID } from 'node:crypto'
import type { ChatType, PredictionRequest, PredictionResponse, RunEvent } from '@weft/core'
import {
  collectAnswer,
  createChatflowCache,
  runChatflow,
  type CollectedAnswer,
  type EngineServices,
} from '@weft/engine'
import { nodes } from '@weft/nodes'
import type { AppContext } from '../context.js'
import type { FlowRow } from '../db/tables.js'
import { HttpError } from '../http-error.js'
import { chatMemory, storeExchange } from './chat-messages.service.js'
import { readCredentialData } from './credentials.service.js'
import { resolveVariables } from './variables.service.js'

/** Prepared flow graphs, shared by every run of this process; keyed by workspace, flow and version. */
const cache = createChatflowCache()

/** One call of a flow: what was asked, from where, and the signal that says the caller has gone. */
export interface PredictionCall {
  flow: FlowRow
  request: PredictionRequest
  chatType: ChatType
  /** Aborts when the client disconnects; the run's timeout is added here. */
  signal: AbortSignal
}

/** What the engine borrows for a run of the flow; `overrideConfig.vars` is applied by the engine. */
async function engineServices(ctx: AppContext, flow: FlowRow): Promise<EngineServices> {
  return {
    nodes,
    vars: await resolveVariables(ctx, flow.workspace_id),
    credential: (id) => readCredentialData(ctx, flow.workspace_id, id),
    memory: chatMemory(ctx, flow),
    cache,
  }
}

/** The ids a run gives the client: the chat it belongs to and the answer's message id. */
export interface PredictionIds {
  chatId: string
  sessionId: string
  chatMessageId: string
}

async function* replay(events: readonly RunEvent[]): AsyncGenerator<RunEvent> {
  yield* events
}

/**
 * Runs the flow and yields its events as they happen, returning the collected answer. A run that
 * answers is stored in the chat history before its `end` is passed on, so a client that reads the
 * history after `end` finds it.
 */
export async function* predict(
  ctx: AppContext,
  call: PredictionCall,
): AsyncGenerator<RunEvent, { ids: PredictionIds; answer: CollectedAnswer }> {
  const { flow, request } = call
  const askedAt = new Date().toISOString()
  const chatId = request.chatId || randomUUID()
  const ids: PredictionIds = { chatId, sessionId: chatId, chatMessageId: randomUUID() }
  const timeoutMs = ctx.config.runTimeoutMs
  const signal = AbortSignal.any([call.signal, AbortSignal.timeout(timeoutMs)])
  const events = runChatflow(
    {
      flow: { id: flow.id, workspaceId: flow.workspace_id, updatedDate: flow.updated_at, flowData: flow.flow_data },
      question: request.question,
      history: request.history,
      overrideConfig: request.overrideConfig,
      uploads: request.uploads,
      ...ids,
      signal,
      timeoutMs,
      streaming: request.streaming === true,
    },
    await engineServices(ctx, flow),
  )
  const seen: RunEvent[] = []
  let answer: CollectedAnswer | undefined
  for await (const event of events) {
    if (event.event === 'end') {
      answer = await collectAnswer(replay(seen))
      if (!answer.error && !signal.aborted) {
        await storeExchange(ctx, flow, {
          ...ids,
          chatType: call.chatType,
          question: request.question,
          text: answer.text,
          sourceDocuments: answer.sourceDocuments,
          usedTools: answer.usedTools,
          leadEmail: request.leadEmail,
          askedAt,
        })
      }
    }
    seen.push(event)
    yield event
  }
  return { ids, answer: answer ?? (await collectAnswer(replay(seen))) }
}

/** The JSON answer of a run: the whole text and what was used, or the run's error as a 500. */
export async function predictAnswer(ctx: AppContext, call: PredictionCall): Promise<PredictionResponse> {
  const run = predict(ctx, call)
  let step = await run.next()
  while (!step.done) step = await run.next()
  const { ids, answer } = step.value
  if (answer.error) throw new HttpError(500, answer.error)
  return {
    text: answer.text,
    question: call.request.question,
    ...ids,
    ...(answer.sourceDocuments.length ? { sourceDocuments: answer.sourceDocuments } : {}),
    ...(answer.usedTools.length ? { usedTools: answer.usedTools } : {}),
  }
}
