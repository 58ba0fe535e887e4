import { randomUUID } from 'node:crypto'
import { documentStoreSearch } from './document-store-search.js'
import { vectorFolderOf } from './document-store-vectors.js'
import {
  hideServerFolders,
  runSessionOf,
  type AllowedOverrides,
  type ChatSource,
  type ChatType,
  type PredictionRequest,
  type PredictionResponse,
  type RunEvent,
} from '@weft/core'
import {
  collectAnswer,
  createChatflowCache,
  runAgentflow,
  runChatflow,
  type CollectedAnswer,
  type EngineServices,
} from '@weft/engine'
import { nodes } from '@weft/nodes'
import type { AppContext } from '../context.js'
import type { FlowRow } from '../db/tables.js'
import { HttpError } from '../http-error.js'
import { serverFolders } from './server-folders.js'
import { agentflowServices, isAgentflow, nestedFlowRunner, nestedRequest, type NestedRun } from './agentflow-runs.js'
import { chatMemory, finishExchange, startExchange, type ExchangeOutcome } from './chat-messages.service.js'
import { readCredentialData } from './credentials.service.js'
import { followUpsFor } from './follow-up-prompts.js'
import { postProcessed } from './post-processing.js'
import { askedAs, keepImages } from './uploads.js'
import { startRunTrace } from './tracing/run-trace.js'
import { countModelTokens, meterRun } from '../metrics/run-metrics.js'
import { providerAssistantStore } from './provider-assistant-store.js'
import { savedToolStore } from './tools.service.js'
import { resolveVariables } from './variables.service.js'

/** Prepared flow graphs, shared by every run of this process; keyed by workspace, flow and version. */
const cache = createChatflowCache()

/** One call of a flow: what was asked, from where, and the signal that says the caller has gone. */
export interface PredictionCall {
  flow: FlowRow
  request: PredictionRequest
  chatType: ChatType
  /** Where it was asked from, finer than `chatType`; stored with the question and the answer. */
  source: ChatSource
  /** Aborts when the client disconnects; the run's timeout is added here. */
  signal: AbortSignal
  /** What the call may override, checked before the run (`allowedOverrides`); never the raw `overrideConfig`. */
  overrides: AllowedOverrides
  /** What the flow is asked when it differs from the stored question (the text of attached files added). */
  prompt?: string
  /** Agentflows: continue this interrupted execution instead of starting at Start. */
  resumeExecutionId?: string
  /** Agentflows run by an Execute Flow step: the calling execution, and how deep the calls go. */
  parentExecutionId?: string
  depth?: number
  /**
   * Queue mode: the ids of the chat history's question and answer, chosen where the run was asked
   * for, so the server that relays it knows them; `started` when an earlier attempt stored them.
   */
  exchange?: { questionId: string; chatMessageId: string; started?: boolean }
}

/** What a finished run gives: its ids and its collected answer. */
export interface PredictionResult {
  ids: PredictionIds
  answer: CollectedAnswer
}

/**
 * Where flow runs happen: in this process, or (queue mode) on a worker whose events are relayed
 * here. `start` resolves once the run is under way (queue mode: enqueued, or a 503 thrown before
 * any answer is written); its events then come as they happen and the result at the end.
 */
export interface FlowRuns {
  start(call: PredictionCall): Promise<AsyncGenerator<RunEvent, PredictionResult>>
}

/** Every run in this process; `ctxOf` gives the context the runs use (it holds this object). */
export const localRuns = (ctxOf: () => AppContext): FlowRuns => ({
  start: async (call) => predict(ctxOf(), call),
})

/** What the chat history keeps as the question of a call that asks none (a form, a Human Input answer). */
function storedQuestion(request: PredictionRequest): string {
  if (request.question.trim() !== '' || (!request.form && !request.humanInput)) return request.question
  if (request.humanInput) {
    const choice = request.humanInput.type === 'proceed' ? 'Proceed' : 'Reject'
    return request.humanInput.feedback ? `${choice}: ${request.humanInput.feedback}` : choice
  }
  return JSON.stringify(request.form)
}

/** What the engine borrows for a run of the flow; the allowed `overrideConfig.vars` are applied by the engine. */
export async function engineServices(ctx: AppContext, flow: FlowRow, catalogue = nodes): Promise<EngineServices> {
  return {
    nodes: catalogue,
    vars: await resolveVariables(ctx, flow.workspace_id),
    credential: (id) => readCredentialData(ctx, flow.workspace_id, id),
    memory: chatMemory(ctx, flow),
    cache,
    fetch: ctx.outbound.fetch,
    vectorFolder: vectorFolderOf(ctx, flow.workspace_id),
    ...(ctx.config.toolFilesFolder ? { toolFilesFolder: ctx.config.toolFilesFolder } : {}),
    documentStores: documentStoreSearch(ctx, flow.workspace_id),
    savedTools: savedToolStore(ctx, flow.workspace_id),
    providerAssistants: providerAssistantStore(ctx, flow.workspace_id),
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
 * Runs the flow and yields its events as they happen, returning the collected answer. The question
 * is stored in the chat history as the run starts, with its answer in progress; the answer (or why
 * there is none) is stored before `end` is passed on, so a client that reads the history after
 * `end` finds it.
 */
export async function* predict(ctx: AppContext, call: PredictionCall): AsyncGenerator<RunEvent, PredictionResult> {
  const { flow } = call
  const request = { ...call.request, question: storedQuestion(call.request) }
  const askedAt = new Date().toISOString()
  const session = runSessionOf(request)
  const chatId = session.chatId ?? randomUUID()
  const ids: PredictionIds = {
    chatId,
    sessionId: session.sessionId ?? chatId,
    chatMessageId: call.exchange?.chatMessageId ?? randomUUID(),
  }
  const timeoutMs = ctx.config.runTimeoutMs
  const signal = AbortSignal.any([call.signal, AbortSignal.timeout(timeoutMs)])
  const trace = startRunTrace(ctx, flow, { ...ids, chatType: call.chatType, question: request.question })
  const followUps = followUpsFor(ctx, flow, nodes)
  const asking = {
    flow: { id: flow.id, workspaceId: flow.workspace_id, updatedDate: flow.updated_at, flowData: flow.flow_data },
    question: call.prompt ?? request.question,
    history: request.history,
    overrides: call.overrides,
    uploads: request.uploads,
    ...ids,
    signal,
    timeoutMs,
    streaming: request.streaming === true,
  }
  const services = countModelTokens(ctx, trace.watch(await engineServices(ctx, flow, followUps?.nodes)))
  const ran = isAgentflow(flow.type)
    ? runAgentflow(
        {
          ...asking,
          ...(request.form ? { form: request.form } : {}),
          ...(request.humanInput ? { humanInput: request.humanInput } : {}),
          ...(call.resumeExecutionId ? { resumeExecutionId: call.resumeExecutionId } : {}),
          ...(call.parentExecutionId ? { parentExecutionId: call.parentExecutionId } : {}),
        },
        agentflowServices(ctx, flow, services, call.depth ?? 0, (target, nested) => runNestedFlow(ctx, target, nested)),
      )
    : runChatflow(asking, {
        ...services,
        runOtherFlow: nestedFlowRunner(ctx, flow, call.depth ?? 0, (target, nested) =>
          runNestedFlow(ctx, target, nested),
        ),
      })
  const asked = { flowId: flow.id, ...ids, question: request.question, history: request.history ?? [], signal }
  const events = withoutServerFolders(
    postProcessed(flow, asked, call.prompt === undefined ? ran : askedAs(ran, request.question)),
    serverFolders(ctx),
  )
  const fileUploads = await keepImages(ctx, flow, chatId, request.uploads)
  const questionId = call.exchange?.started
    ? call.exchange.questionId
    : await startExchange(ctx, flow, {
        ...ids,
        ...(call.exchange ? { questionId: call.exchange.questionId } : {}),
        fileUploads,
        chatType: call.chatType,
        source: call.source,
        question: request.question,
        leadEmail: request.leadEmail,
        askedAt,
      })
  let finished = false
  const finish = async (outcome: ExchangeOutcome) => {
    finished = true
    await finishExchange(ctx, flow, { questionId, chatMessageId: ids.chatMessageId }, outcome)
  }
  const seen: RunEvent[] = []
  let answer: CollectedAnswer | undefined
  const metered = meterRun(ctx, flow, call, askedAt)
  try {
    for await (const emitted of metered.events(events)) {
      const event =
        followUps && emitted.event === 'metadata' ? await followUps.withPrompts(emitted, seen, signal) : emitted
      if (event.event === 'end') {
        answer = await collectAnswer(replay(seen))
        await finish(outcomeOf(answer, call.signal.aborted))
      }
      seen.push(event)
      yield event
    }
  } catch (error) {
    if (!finished) await finish({ status: 'failed', text: 'The run failed unexpectedly' })
    throw error
  } finally {
    // The caller left before the end (its stream closed): the answer keeps what had arrived.
    if (!finished) await finish(outcomeOf(await collectAnswer(replay(seen)), true))
    trace.end(seen)
    metered.end(seen)
  }
  return { ids, answer: answer ?? (await collectAnswer(replay(seen))) }
}

/** What the chat history keeps of a run: stopped by its caller, failed (the server's timeout too), or answered. */
function outcomeOf(answer: CollectedAnswer, stoppedByCaller: boolean): ExchangeOutcome {
  const found = { text: answer.text, sourceDocuments: answer.sourceDocuments, usedTools: answer.usedTools }
  if (stoppedByCaller) return { status: 'stopped', ...found }
  if (answer.error) return { status: 'failed', text: answer.error }
  return { status: 'complete', ...found }
}

/** The run's events with no error message naming a folder of the server. */
async function* withoutServerFolders(events: AsyncIterable<RunEvent>, folders: readonly string[]) {
  for await (const event of events) {
    yield event.event === 'error' ? { ...event, data: hideServerFolders(event.data, folders) } : event
  }
}

/**
 * The JSON answer of a run: the whole text and what was used, or the run's error with the status
 * its `error` event gave (4xx, 502, 504; 500 when it gave none).
 */
export async function predictAnswer(ctx: AppContext, call: PredictionCall): Promise<PredictionResponse> {
  const run = await ctx.runs.start(call)
  let step = await run.next()
  while (!step.done) step = await run.next()
  const { ids, answer } = step.value
  if (answer.error) throw new HttpError(answer.errorStatus ?? 500, answer.error)
  return {
    text: answer.text,
    ...(answer.metadata?.json !== undefined ? { json: answer.metadata.json } : {}),
    question: call.request.question,
    ...ids,
    ...(answer.sourceDocuments.length ? { sourceDocuments: answer.sourceDocuments } : {}),
    ...(answer.usedTools.length ? { usedTools: answer.usedTools } : {}),
    ...(answer.metadata?.followUpPrompts?.length
      ? { followUpPrompts: JSON.stringify(answer.metadata.followUpPrompts) }
      : {}),
    ...(answer.metadata?.executionId ? { executionId: answer.metadata.executionId } : {}),
    ...(answer.executedData ? { agentFlowExecutedData: answer.executedData } : {}),
    ...(answer.action ? { action: answer.action } : {}),
  }
}

/** Runs another flow of the workspace for an Execute Flow step, as its own conversation. */
async function runNestedFlow(ctx: AppContext, target: FlowRow, nested: NestedRun) {
  const { overrides, request } = nestedRequest(target, nested)
  const answer = await predictAnswer(ctx, {
    flow: target,
    request,
    chatType: 'INTERNAL',
    source: 'api',
    signal: nested.signal,
    overrides,
    parentExecutionId: nested.parentExecutionId,
    depth: nested.depth,
  })
  return { text: answer.text, ...(answer.executionId ? { executionId: answer.executionId } : {}) }
}
