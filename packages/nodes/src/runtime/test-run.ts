import type { LanguageModelV3, LanguageModelV3CallOptions } from '@ai-sdk/provider'
import type { ChatTurn, RunEvent } from '@weft/core'
import type { Answer, NodeDefinition, NodeRunContext, RunScope } from '../define-node.js'
import { buildComponent, isAnswerer } from '../define-node.js'
import type { ChatModel } from '../providers/chat-model.js'
import { offlineChatModel, offlineLanguageModel } from '../providers/offline-model.js'
import { testFetch } from '../testing/test-fetch.js'

// Test helpers for node runs: a run scope that records what nodes emit and serves stored history,
// and the built-in responder wrapped so tests can read the prompts it was sent.

export interface TestRun {
  scope: RunScope
  events: RunEvent[]
  /** The `token` events joined: the text a user saw streamed. */
  streamed: () => string
  /** Sessions and limits the memory store was asked for. */
  memoryReads: { sessionId: string; limit?: number }[]
}

export function testRun(
  options: Partial<Omit<RunScope, 'emit' | 'memory'>> & { stored?: Record<string, ChatTurn[]> } = {},
): TestRun {
  const { stored = {}, ...overrides } = options
  const events: RunEvent[] = []
  const memoryReads: TestRun['memoryReads'] = []
  const scope: RunScope = {
    flowId: 'flow-1',
    chatId: 'chat-1',
    sessionId: 'session-1',
    question: 'What is Weft?',
    history: [],
    vars: {},
    flowState: new Map(),
    signal: new AbortController().signal,
    fetch: testFetch(),
    ...overrides,
    emit: (event) => events.push(event),
    memory: {
      history: async (sessionId, limit) => {
        memoryReads.push({ sessionId, ...(limit === undefined ? {} : { limit }) })
        const turns = stored[sessionId] ?? []
        return limit === undefined ? turns : turns.slice(-limit)
      },
    },
  }
  const streamed = () =>
    events
      .filter((event) => event.event === 'token')
      .map((event) => event.data)
      .join('')
  return { scope, events, streamed, memoryReads }
}

/** Runs a node the way the engine does: `inputs` already resolved. */
export function runNode(
  node: NodeDefinition,
  inputs: Record<string, unknown>,
  run: TestRun,
  options: { output?: string; isEnding?: boolean } = {},
): Promise<unknown> {
  const context: NodeRunContext = {
    nodeId: `${node.descriptor.name}_0`,
    label: node.descriptor.label,
    inputs,
    isEnding: options.isEnding ?? false,
    scope: run.scope,
    ...(options.output ? { output: options.output } : {}),
  }
  return buildComponent(node, context)
}

/** Asks an ending node's value for its answer, as the engine does once every node is built. */
export async function answerOf(value: unknown, run: TestRun): Promise<Answer> {
  if (!isAnswerer(value)) throw new Error(`Expected an Answerer, got ${JSON.stringify(value)}`)
  return value.answer(run.scope)
}

/** The built-in responder, recording every call's prompt (system, user, assistant and tool messages). */
export function recordingOfflineModel(): { model: ChatModel; calls: LanguageModelV3CallOptions[] } {
  const calls: LanguageModelV3CallOptions[] = []
  const model: LanguageModelV3 = {
    ...offlineLanguageModel,
    doGenerate: (options) => {
      calls.push(options)
      return offlineLanguageModel.doGenerate(options)
    },
    doStream: (options) => {
      calls.push(options)
      return offlineLanguageModel.doStream(options)
    },
  }
  return { model: { ...offlineChatModel, model }, calls }
}

/** The text of each message of a recorded prompt, as `role: text`. */
export function promptLines(options: LanguageModelV3CallOptions): string[] {
  return options.prompt.map((message) => {
    const text =
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part) => ('text' in part ? part.text : part.type)).join(' ')
    return `${message.role}: ${text}`
  })
}
