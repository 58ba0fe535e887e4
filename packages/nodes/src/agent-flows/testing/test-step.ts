import type { ChatTurn, RunEvent } from '@weft/core'
import { buildComponent, type NodeDefinition } from '../../define-node.js'
import { findNode } from '../../find-node.js'
import { isChatModel, isTool } from '../../providers/chat-model.js'
import { testRun } from '../../runtime/test-run.js'
import { testFetch } from '../../testing/test-fetch.js'
import type { StepContext, StepResult, StepRunScope } from '../step.js'

// Test helpers for agentflow steps: a step context as the engine gives one, with chat models and
// tools built from the real catalogue (so a step's model call goes through the real provider code
// to whatever server the config names), and a record of what the step emitted.

export interface TestStep {
  context: StepContext
  events: RunEvent[]
  /** The `token` events joined: the text a user saw streamed. */
  streamed: () => string
}

export interface TestStepOptions {
  inputs?: Record<string, unknown>
  state?: Record<string, unknown>
  history?: ChatTurn[]
  /** Replaces or adds to the run scope (e.g. `runFlow`, `retrieve`, `fetch`, `signal`, `question`). */
  run?: Partial<StepRunScope>
  /** Decrypted credentials by id, for configs that name one (`credential`). */
  credentials?: Record<string, Record<string, string>>
  humanInput?: StepContext['humanInput']
  iterationItem?: unknown
  /** Default true: the step's answer streams as tokens. */
  isLastStep?: boolean
  /** Addresses of the loopback servers the test started, which the outbound guard lets through. */
  allowedUrls?: string[]
}

export function testStep(definition: NodeDefinition, options: TestStepOptions = {}): TestStep {
  const events: RunEvent[] = []
  const fetch = options.run?.fetch ?? testFetch(...(options.allowedUrls ?? []))
  const signal = options.run?.signal ?? new AbortController().signal
  const build = async (name: string, config: Record<string, unknown>): Promise<unknown> => {
    const node = findNode(name)
    if (!node) throw new Error(`No node named ${name} in the catalogue.`)
    const credentialId = typeof config.credential === 'string' ? config.credential : undefined
    const { scope } = testRun({ fetch, signal })
    return buildComponent(node, {
      nodeId: `${name}_0`,
      label: node.descriptor.label,
      inputs: config,
      credential: credentialId ? options.credentials?.[credentialId] : undefined,
      isEnding: false,
      scope,
    })
  }
  const run: StepRunScope = {
    flowId: 'flow-1',
    chatId: 'chat-1',
    sessionId: 'session-1',
    executionId: 'execution-1',
    question: 'What is Weft?',
    vars: {},
    emit: (event) => events.push(event),
    streaming: true,
    signal,
    fetch,
    chatModel: async (name, config) => {
      const value = await build(name, config)
      if (!isChatModel(value)) throw new Error(`${name} is not a chat model.`)
      return value
    },
    tool: async (name, config) => {
      const value = await build(name, config)
      if (!isTool(value) && !(Array.isArray(value) && value.every(isTool))) throw new Error(`${name} is not a tool.`)
      return value
    },
    runFlow: () => Promise.reject(new Error('This test gives no other flow to run.')),
    retrieve: () => Promise.reject(new Error('This test gives no document store.')),
    ...options.run,
  }
  const context: StepContext = {
    nodeId: `${definition.descriptor.name}_0`,
    label: definition.descriptor.label,
    inputs: options.inputs ?? {},
    isLastStep: options.isLastStep ?? true,
    state: options.state ?? {},
    history: async () => options.history ?? [],
    run,
    ...(options.humanInput ? { humanInput: options.humanInput } : {}),
    ...(options.iterationItem !== undefined ? { iterationItem: options.iterationItem } : {}),
  }
  const streamed = () =>
    events
      .filter((event) => event.event === 'token')
      .map((event) => event.data)
      .join('')
  return { context, events, streamed }
}

/** Runs the step of `definition` with the test context; fails when the node has no step. */
export function runStep(definition: NodeDefinition, step: TestStep): Promise<StepResult> {
  if (!definition.step) throw new Error(`${definition.descriptor.name} has no step to run.`)
  return definition.step(step.context)
}
