import type { RunEvent } from '@weft/core'
import { buildNodes } from './build-nodes.js'
import type { ChatflowRun, EngineServices } from './chatflow-run.js'
import { createEventQueue } from './event-queue.js'
import { isAnswerer, type Answer, type RunScope } from './node-contracts.js'
import type { RunFlowRequest } from '@weft/nodes'
import { takenEndingNode } from './find-ending-node.js'
import { definitionsByName } from './node-definitions.js'
import { NodeRunError } from './node-run-error.js'
import { observeNodes } from '../observe/node-observations.js'
import { overriddenVars } from './override-config.js'
import { prepareChatflow, type PreparedChatflow } from './prepare-chatflow.js'
import { noTextFailure } from './no-answer.js'
import { failedEvent, stoppedEvent } from './stopped-message.js'

const END: RunEvent = { event: 'end', data: '[DONE]' }

/**
 * Runs one question through a chatflow and yields its events as they happen: `start`, the tokens,
 * documents and tools the nodes emit, then `metadata` and `end`; or `error` (naming the node that
 * failed, or saying the run was stopped) and `end`. Never throws for a problem of the flow.
 * Aborting `run.signal`, or leaving the loop early, aborts the nodes' model calls.
 */
export async function* runChatflow(run: ChatflowRun, services: EngineServices): AsyncGenerator<RunEvent> {
  const leave = new AbortController()
  const signal = AbortSignal.any([run.signal, leave.signal])
  const queue = createEventQueue<RunEvent>()
  const seen = new Set<RunEvent['event']>()
  const scope: RunScope = {
    flowId: run.flow.id,
    chatId: run.chatId,
    sessionId: run.sessionId,
    question: run.question,
    ...(run.uploads?.length ? { uploads: run.uploads } : {}),
    history: run.history ?? [],
    vars: overriddenVars(services.vars, run.overrides),
    flowState: new Map(),
    memory: services.memory,
    emit: (event) => {
      // After a stop the client gets no more tokens, even from a node that ignores the signal.
      if (signal.aborted) return
      seen.add(event.event)
      queue.push(event)
    },
    streaming: run.streaming ?? true,
    signal,
    fetch: services.fetch,
    ...(services.vectorFolder ? { vectorFolder: services.vectorFolder } : {}),
    ...(services.toolFilesFolder ? { toolFilesFolder: services.toolFilesFolder } : {}),
    ...(services.documentStores ? { documentStores: services.documentStores } : {}),
    ...(services.savedTools ? { savedTools: services.savedTools } : {}),
    ...(services.providerAssistants ? { providerAssistants: services.providerAssistants } : {}),
    ...(services.runOtherFlow ? { runFlow: runOtherFlowOf(services.runOtherFlow, run.sessionId, signal) } : {}),
  }
  const stop = () => {
    queue.finish([stoppedEvent(run.signal.reason, run.timeoutMs), END], {
      dropPending: true,
    })
  }
  try {
    yield { event: 'start', data: '' }
    if (run.signal.aborted) {
      stop()
    } else {
      run.signal.addEventListener('abort', stop, { once: true })
      answerQuestion(run, services, scope).then(
        (answer) => queue.finish([...closingEvents(answer, seen), metadataOf(run, answer), END]),
        (error: unknown) => queue.finish([failedEvent(error), END]),
      )
    }
    yield* queue
  } finally {
    run.signal.removeEventListener('abort', stop)
    leave.abort()
  }
}

async function answerQuestion(run: ChatflowRun, services: EngineServices, scope: RunScope): Promise<Answer> {
  const observations = services.observer ? observeNodes(services.observer) : undefined
  let failed: { nodeId: string; error: unknown } | undefined
  try {
    const prepared: PreparedChatflow = services.cache
      ? services.cache.prepare(run.flow)
      : prepareChatflow(run.flow.flowData)
    const { values, skipped } = await buildNodes({
      prepared,
      definitions: definitionsByName(services.nodes),
      credential: services.credential,
      overrides: run.overrides,
      scope,
      observations,
    })
    const ending = takenEndingNode(prepared, skipped)
    let answer: Answer
    try {
      answer = await answerOf(values.get(ending.id), scope)
      scope.signal.throwIfAborted()
    } catch (error) {
      failed = { nodeId: ending.id, error }
      throw new NodeRunError(ending, error)
    }
    if (!answer.text.trim() && answer.json === undefined) {
      const error = noTextFailure({ id: ending.id, label: ending.data.label || ending.data.name }, !!answer.usage)
      failed = { nodeId: ending.id, error }
      throw error
    }
    return answer
  } finally {
    observations?.finish(failed)
  }
}

/** A chain or agent answers through its Answerer; a node that computes text (a function, an output) gives it directly. */
async function answerOf(value: unknown, scope: RunScope): Promise<Answer> {
  if (isAnswerer(value)) return value.answer(scope)
  if (typeof value === 'string') return { text: value }
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value) }
  throw new Error('This node cannot answer a question: end the flow with a chain or an agent')
}

/** What the nodes did not stream themselves, so every client receives the text, documents and tools. */
function closingEvents(answer: Answer, seen: ReadonlySet<RunEvent['event']>): RunEvent[] {
  const events: RunEvent[] = []
  if (!seen.has('token') && answer.text) events.push({ event: 'token', data: answer.text })
  if (!seen.has('sourceDocuments') && answer.sourceDocuments?.length) {
    events.push({ event: 'sourceDocuments', data: answer.sourceDocuments })
  }
  if (!seen.has('usedTools') && answer.usedTools?.length) events.push({ event: 'usedTools', data: answer.usedTools })
  return events
}

function metadataOf(run: ChatflowRun, answer: Answer): RunEvent {
  return {
    event: 'metadata',
    data: {
      chatId: run.chatId,
      chatMessageId: run.chatMessageId,
      question: run.question,
      sessionId: run.sessionId,
      ...(answer.usage ? { usage: answer.usage } : {}),
      ...(answer.json !== undefined ? { json: answer.json } : {}),
    },
  }
}

/** The scope's way to run another flow: with this run's session and signal, so a stop stops it too. */
const runOtherFlowOf =
  (runOtherFlow: NonNullable<EngineServices['runOtherFlow']>, sessionId: string, signal: AbortSignal) =>
  (request: RunFlowRequest) =>
    runOtherFlow({ ...request, sessionId, signal })
