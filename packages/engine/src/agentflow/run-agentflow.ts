import { randomUUID } from 'node:crypto'
import {
  errorMessage,
  redactDeep,
  redactSecrets,
  redactStepInputs,
  traceableParams,
  type ChatTurn,
  type ExecutedStep,
  type ExecutionState,
  type HumanInputAction,
  type RunEvent,
  type StepOutput,
} from '@weft/core'
import type { NodeDefinition, StepResult } from '@weft/nodes'
import type {
  AgentflowRun,
  AgentflowServices,
  ArrivedInput,
  BranchState,
  Checkpoint,
  ReadyStep,
} from './agentflow-run.js'
import { readAgentflow, type AgentEdge, type AgentGraph, type AgentStep } from './agentflow-graph.js'
import { flowComponents } from './components.js'
import { mergeStates, plainState, writeState } from './branch-state.js'
import { openExecution } from './open-execution.js'
import { resolveText, resolveValue, type ReferenceScope } from './references.js'
import { stepRunScope } from './step-scope.js'
import { createEventQueue } from '../chatflow/event-queue.js'
import { definitionsByName } from '../chatflow/node-definitions.js'
import { overriddenVars } from '../chatflow/override-config.js'
import { noAnswerFailure, type BranchEnd } from '../chatflow/no-answer.js'
import { failedEvent, stoppedEvent, stoppedMessage } from '../chatflow/stopped-message.js'

const END: RunEvent = { event: 'end', data: '[DONE]' }
const DEFAULT_MAX_STEPS = 500

/**
 * Runs one question through an agentflow (V2) and yields its events as they happen: `start`,
 * `agentFlowEvent` INPROGRESS, then per step `nextAgentFlow` (running, finished, failed) and
 * `agentFlowExecutedData`, the tokens, tools and documents the steps emit, and at the end
 * `agentFlowEvent` with how it ended, `metadata` (with the execution id) and `end`; a failed run
 * yields `error` before `end`, a run paused at Human Input yields `action`. Every step is recorded
 * in the execution as it runs, with a checkpoint to resume from. Never throws for a problem of the
 * flow. Aborting `run.signal` (or leaving the loop early) aborts the steps' model calls.
 */
export async function* runAgentflow(run: AgentflowRun, services: AgentflowServices): AsyncGenerator<RunEvent> {
  const leave = new AbortController()
  const signal = AbortSignal.any([run.signal, leave.signal])
  const queue = createEventQueue<RunEvent>()
  const emit = (event: RunEvent) => {
    if (!signal.aborted) queue.push(event)
  }
  // The caller hears of a stop at once; the execution records it as the steps wind down.
  const stop = () => {
    queue.finish(
      [
        { event: 'agentFlowEvent', data: stoppedState(run.signal.reason) },
        stoppedEvent(run.signal.reason, run.timeoutMs),
        END,
      ],
      { dropPending: true },
    )
  }
  try {
    yield { event: 'start', data: '' }
    if (run.signal.aborted) {
      stop()
    } else {
      run.signal.addEventListener('abort', stop, { once: true })
      executeAgentflow(run, services, signal, emit).then(
        (closing) => queue.finish([...closing, END]),
        (error: unknown) => queue.finish([failedEvent(error), END]),
      )
    }
    yield* queue
  } finally {
    run.signal.removeEventListener('abort', stop)
    leave.abort()
  }
}

const stoppedState = (reason: unknown): ExecutionState =>
  typeof reason === 'object' && reason !== null && (reason as Error).name === 'TimeoutError' ? 'TIMEOUT' : 'STOPPED'

/** A step's failure, named by the step, as the execution and the caller read it. */
class StepFailure extends Error {
  constructor(
    readonly step: AgentStep,
    readonly original: unknown,
    secrets: readonly string[] = [],
  ) {
    const message = redactSecrets(errorMessage(original), secrets)
    // Steps often name themselves already; the label is not said twice.
    super(message.startsWith(`${step.label}: `) ? message : `${step.label}: ${message}`)
  }
}

/** One level of the flow being run: the top, or one item of an Iteration. */
interface Level {
  graph: AgentGraph
  ready: ReadyStep[]
  waiting: Record<string, ArrivedInput[]>
  top: boolean
  iteration?: { nodeId: string; index: number; item: unknown }
  /** Contents and states of the steps that ended a branch of this level. */
  ends: { content: string; state: BranchState; turns: ChatTurn[] }[]
}

/** Runs the flow to its end, a pause or a failure, and answers the events that close the stream. */
async function executeAgentflow(
  run: AgentflowRun,
  services: AgentflowServices,
  signal: AbortSignal,
  emit: (event: RunEvent) => void,
): Promise<RunEvent[]> {
  const definitions = definitionsByName(services.nodes)
  const flow = readAgentflow(run.flow.flowData, definitions)
  const store = services.executions
  const opened = await openExecution(run, flow, store)
  const executionId = opened.id
  const checkpoint: Checkpoint = opened.checkpoint
  const records: ExecutedStep[] = opened.executionData
  const maxSteps = services.limits?.maxSteps ?? DEFAULT_MAX_STEPS
  const vars = overriddenVars(services.vars, run.overrides)
  const halt = new AbortController()
  const stepSignal = AbortSignal.any([signal, halt.signal])
  const scope = stepRunScope(
    run,
    services,
    { executionId, question: checkpoint.question, ...(checkpoint.form ? { form: checkpoint.form } : {}), vars },
    emit,
    stepSignal,
  )
  const componentRun = { run, services, definitions, question: checkpoint.question, vars, emit, signal: stepSignal }
  const components = flowComponents(flow, componentRun)
  const ephemeral = flow.steps.get(flow.startId)?.inputs.startEphemeralMemory === true
  const baseHistory: ChatTurn[] = ephemeral
    ? []
    : run.history?.length
      ? run.history
      : await services.memory.history(run.sessionId)
  let seq = Math.max(0, ...checkpoint.ready.flatMap((step) => Object.values(step.state).map((entry) => entry.seq)))
  let pause: { nodeId: string; action: HumanInputAction } | undefined
  // How the last branch of the top level ended, to name it when the run gives no answer.
  let lastEnd: BranchEnd | undefined

  // Writes go one after another, in the order the run made them.
  let saving: Promise<void> = Promise.resolve()
  const save = (change: Parameters<typeof store.update>[1]) => {
    saving = saving.then(() => store.update(executionId, change))
    return saving
  }
  const top: Level = { graph: flow.top, ready: checkpoint.ready, waiting: checkpoint.waiting, top: true, ends: [] }
  const running = new Map<ReadyStep, Promise<void>>()
  const saveCheckpoint = () => {
    checkpoint.ready = [...running.keys(), ...top.ready].map(({ humanInput: _answer, ...step }) => step)
    checkpoint.waiting = top.waiting
    return save({ executionData: structuredClone(records), checkpoint: structuredClone(checkpoint) })
  }

  const referenceScope = (ready: ReadyStep, level: Level, output?: StepOutput): ReferenceScope => ({
    question: checkpoint.question,
    ...(checkpoint.form ? { form: checkpoint.form } : {}),
    history: [...baseHistory, ...ready.turns],
    state: plainState(ready.state),
    vars,
    flow: { chatflowId: run.flow.id, chatId: run.chatId, sessionId: run.sessionId, executionId },
    outputs: checkpoint.outputs,
    ...(level.iteration ? { iterationItem: level.iteration.item } : {}),
    ...(output ? { output } : {}),
  })

  /** Runs one step and records it; answers what it gave and the state after it. */
  async function runStep(
    ready: ReadyStep,
    level: Level,
  ): Promise<{ result: StepResult; state: BranchState; turns: ChatTurn[]; streamed: boolean }> {
    const step = flow.steps.get(ready.nodeId)
    if (!step) throw new Error(`The flow has no step ${ready.nodeId}.`)
    const definition: NodeDefinition | undefined = definitions.get(step.name)
    if (!definition?.step)
      throw new StepFailure(step, new Error(`"${step.name}" is not a step this version of Weft can run.`))
    checkpoint.steps += 1
    if (checkpoint.steps > maxSteps) {
      throw new StepFailure(
        step,
        new Error(
          `the run reached its limit of ${maxSteps} steps; a loop may never end (check its Loop and Condition steps).`,
        ),
      )
    }
    const started = Date.now()
    const { updateKeys, inputs: unresolved } = splitUpdateState(step.inputs)
    const inputs = resolveValue(unresolved, referenceScope(ready, level)) as Record<string, unknown>
    // One redaction for the record, whether the step finishes or fails: its inputs, error and output.
    const params = definition.descriptor.inputs ?? []
    const redaction = redactStepInputs(params, inputs)
    const record: ExecutedStep = {
      nodeId: step.id,
      nodeLabel: step.label,
      data: {
        id: step.id,
        name: step.name,
        input: redaction.input,
        output: {},
        state: plainState(ready.state),
      },
      previousNodeIds: ready.previousNodeIds,
      status: 'INPROGRESS',
      ...(level.iteration ? { iterationIndex: level.iteration.index, parentNodeId: level.iteration.nodeId } : {}),
    }
    records.push(record)
    // Saved as it starts, so the executions page shows it running and a restart finds what was cut short.
    if (level.top) void save({ executionData: structuredClone(records) }).catch(() => undefined)
    emit({ event: 'nextAgentFlow', data: { nodeId: step.id, nodeLabel: step.label, status: 'INPROGRESS' } })
    const observation = observe(services, step, definition)
    let streamed = false
    const stepEmit = (event: RunEvent) => {
      if (event.event === 'token') streamed = true
      emit(event)
    }
    let result: StepResult
    try {
      result = await definition.step({
        nodeId: step.id,
        label: step.label,
        inputs: await components.inputsOf(step, inputs),
        isLastStep: level.top && (level.graph.outgoing.get(step.id)?.length ?? 0) === 0,
        state: plainState(ready.state),
        history: async () => [...baseHistory, ...ready.turns],
        ...(ready.humanInput ? { humanInput: ready.humanInput } : {}),
        ...(level.iteration ? { iterationItem: level.iteration.item } : {}),
        visit: records.filter((entry) => entry.nodeId === step.id).length,
        run: { ...scope, emit: stepEmit },
      })
    } catch (error) {
      // The halt comes only from another step's failure (this one's is not recorded yet): a stop here.
      const stopped = signal.aborted || halt.signal.aborted
      record.status = stopped ? 'STOPPED' : 'ERROR'
      record.data.error = stopped
        ? stoppedMessage(signal.reason, run.timeoutMs)
        : redactSecrets(errorMessage(error), redaction.secrets)
      record.data.output = { timeMetadata: timeSince(started) }
      observation?.nodeEnd({ error })
      emit({
        event: 'nextAgentFlow',
        data: { nodeId: step.id, nodeLabel: step.label, status: record.status, error: record.data.error },
      })
      throw stopped ? error : new StepFailure(step, error, redaction.secrets)
    }
    const output: StepOutput = {
      ...result.output,
      timeMetadata: timeSince(started),
      ...(result.usage && !result.output.usageMetadata
        ? {
            usageMetadata: {
              input_tokens: result.usage.inputTokens,
              output_tokens: result.usage.outputTokens,
              total_tokens: result.usage.totalTokens,
            },
          }
        : {}),
    }
    let state = ready.state
    if (result.state && Object.keys(result.state).length > 0) state = writeState(state, result.state, ++seq)
    const updates = updateKeys.length
      ? stateUpdates(step.inputs, updateKeys, referenceScope({ ...ready, state }, level, output))
      : {}
    if (Object.keys(updates).length > 0) state = writeState(state, updates, ++seq)
    checkpoint.outputs[step.id] = output
    record.data = {
      ...record.data,
      ...(result.input ? { input: redactStepInputs(params, result.input, redaction.secrets).input } : {}),
      output: redactDeep(output, redaction.secrets) as StepOutput,
      state: plainState(state),
      ...(result.chatHistory ? { chatHistory: result.chatHistory } : {}),
    }
    record.status = result.pause ? 'INPROGRESS' : 'FINISHED'
    observation?.nodeEnd(result.usage ? { usage: result.usage } : {})
    if (!result.pause) {
      emit({ event: 'nextAgentFlow', data: { nodeId: step.id, nodeLabel: step.label, status: 'FINISHED' } })
    }
    emit({ event: 'agentFlowExecutedData', data: structuredClone(records) })
    return { result, state, turns: [...ready.turns, ...(result.turns ?? [])], streamed }
  }

  /** After a step: where the run goes next (its edges, a loop, an iteration, or a pause). */
  async function route(ready: ReadyStep, level: Level, ran: Awaited<ReturnType<typeof runStep>>): Promise<void> {
    const { result } = ran
    let { state, turns } = ran
    const step = flow.steps.get(ready.nodeId)!
    if (result.pause) {
      if (!level.top) throw new StepFailure(step, new Error('a Human Input step cannot run inside an Iteration.'))
      pause = { nodeId: step.id, action: humanInputAction(step, result.pause) }
      // It stays ready: the answer resumes the run here, and the step runs again with it.
      level.ready.unshift({
        nodeId: ready.nodeId,
        previousNodeIds: ready.previousNodeIds,
        state: ready.state,
        turns: ready.turns,
      })
      return
    }
    if (result.goTo) {
      if (!level.graph.steps.has(result.goTo)) {
        throw new StepFailure(step, new Error(`it hands over to ${result.goTo}, which is not a step on this level.`))
      }
      level.ready.push({ nodeId: result.goTo, previousNodeIds: [step.id], state, turns })
      return
    }
    if (result.loopTo) {
      const { nodeId, maxLoopCount, fallbackMessage } = result.loopTo
      if (!level.graph.steps.has(nodeId)) {
        throw new StepFailure(
          step,
          new Error(`it loops back to ${nodeId}, which is not a step before it on this level.`),
        )
      }
      const turnsSoFar = checkpoint.loops[step.id] ?? 0
      if (turnsSoFar < maxLoopCount) {
        checkpoint.loops[step.id] = turnsSoFar + 1
        level.ready.push({ nodeId, previousNodeIds: [step.id], state, turns })
        return
      }
      checkpoint.loops[step.id] = 0
      if (fallbackMessage) endBranch(level, fallbackMessage, state, turns, true, { step, result, how: 'last' })
      else if (level.top) lastEnd = { step, result, how: 'loop' }
      return
    }
    if (result.items) {
      const iteration = await runIteration(step, result.items, state, turns)
      state = iteration.state
      turns = iteration.turns
      const output: StepOutput = { ...checkpoint.outputs[step.id], content: JSON.stringify(iteration.results) }
      checkpoint.outputs[step.id] = output
      const record = records.findLast((entry) => entry.nodeId === step.id)
      if (record) record.data = { ...record.data, output, state: plainState(state) }
    }
    const edges = level.graph.outgoing.get(step.id) ?? []
    if (edges.length === 0) {
      // A last step that streamed nothing (a function, a request) answers with its output at once.
      const content = checkpoint.outputs[step.id]?.content ?? ''
      endBranch(level, content, state, turns, !ran.streamed, { step, result, how: 'last' })
      return
    }
    const taken = (edge: AgentEdge) => (result.next ? result.next.includes(edge.output) : true)
    // Its chosen outputs lead nowhere: the branch ends here, with nothing to say.
    if (level.top && !edges.some(taken)) lastEnd = { step, result, how: 'next' }
    for (const edge of edges) arrive(level, edge.target, { from: step.id, taken: taken(edge), state, turns })
  }

  function endBranch(
    level: Level,
    content: string,
    state: BranchState,
    turns: ChatTurn[],
    emitIt: boolean,
    end: BranchEnd,
  ) {
    level.ends.push({ content, state, turns })
    if (!level.top) return
    lastEnd = end
    if (!content) return
    if (emitIt) emit({ event: 'token', data: content })
    checkpoint.answer = checkpoint.answer ? `${checkpoint.answer}\n\n${content}` : content
  }

  /** An edge reached `target`: once every edge into it has come, it runs (or is skipped, if none was taken). */
  function arrive(level: Level, target: string, input: ArrivedInput) {
    const arrived = [...(level.waiting[target] ?? []), input]
    if (arrived.length < (level.graph.incoming.get(target) ?? 1)) {
      level.waiting[target] = arrived
      return
    }
    delete level.waiting[target]
    release(level, target, arrived)
  }

  function release(level: Level, target: string, arrived: ArrivedInput[]) {
    const taken = arrived.filter((input) => input.taken)
    if (taken.length > 0) {
      level.ready.push({
        nodeId: target,
        previousNodeIds: taken.map((input) => input.from),
        state: mergeStates(taken.map((input) => input.state)),
        turns: taken.reduce<ChatTurn[]>(
          (longest, input) => (input.turns.length > longest.length ? input.turns : longest),
          [],
        ),
      })
      return
    }
    // No branch reached it: the steps after it are not reached either.
    const state = mergeStates(arrived.map((input) => input.state))
    for (const edge of level.graph.outgoing.get(target) ?? []) {
      arrive(level, edge.target, { from: target, taken: false, state, turns: [] })
    }
  }

  /** Runs a level until nothing is ready or running; steps whose inputs are ready run at once, side by side. */
  async function runLevel(level: Level, active: Map<ReadyStep, Promise<void>>): Promise<void> {
    let failure: unknown
    const launch = () => {
      while (level.ready.length > 0 && failure === undefined && !pause) {
        const ready = level.ready.shift()!
        const task = runStep(ready, level)
          .then((ran) => route(ready, level, ran))
          .then(
            () => {
              active.delete(ready)
              if (level.top && !pause) return saveCheckpoint()
            },
            (error: unknown) => {
              active.delete(ready)
              if (failure === undefined) {
                failure = error
                halt.abort(error)
              }
            },
          )
        active.set(ready, task)
      }
    }
    for (;;) {
      launch()
      if (active.size === 0) {
        // Steps still waiting for an edge that can no longer come (its source was never reached) run
        // with what did come.
        const stuck = Object.entries(level.waiting)
        if (stuck.length === 0 || failure !== undefined || pause) break
        level.waiting = {}
        for (const [target, arrived] of stuck) release(level, target, arrived)
        continue
      }
      await Promise.race(active.values())
    }
    if (failure !== undefined) throw failure
  }

  async function runIteration(step: AgentStep, items: unknown[], state: BranchState, turns: ChatTurn[]) {
    const graph = flow.iterations.get(step.id)
    const results: string[] = []
    if (!graph || graph.steps.size === 0) return { results: items.map(() => ''), state, turns }
    const firsts = [...graph.steps.keys()].filter((id) => (graph.incoming.get(id) ?? 0) === 0)
    for (const [index, item] of items.entries()) {
      const inner: Level = {
        graph,
        ready: firsts.map((nodeId) => ({ nodeId, previousNodeIds: [step.id], state, turns })),
        waiting: {},
        top: false,
        iteration: { nodeId: step.id, index, item },
        ends: [],
      }
      await runLevel(inner, new Map())
      results.push(
        inner.ends
          .map((end) => end.content)
          .filter(Boolean)
          .join('\n\n'),
      )
      if (inner.ends.length > 0) state = mergeStates(inner.ends.map((end) => end.state))
    }
    return { results, state, turns }
  }

  emit({ event: 'agentFlowEvent', data: 'INPROGRESS' })
  try {
    await runLevel(top, running)
    if (!pause && !checkpoint.answer.trim()) throw noAnswerFailure(lastEnd)
  } catch (error) {
    const cancelled = signal.aborted
    const state: ExecutionState = cancelled ? stoppedState(signal.reason) : 'ERROR'
    const failed = cancelled ? stoppedEvent(signal.reason, run.timeoutMs) : failedEvent(error)
    for (const record of records) if (record.status === 'INPROGRESS') record.status = 'STOPPED'
    await save({ state, error: failed.data, executionData: records, checkpoint: null })
    await saving
    return [{ event: 'agentFlowEvent', data: state }, failed]
  }
  if (pause) {
    await saveCheckpoint()
    await save({ action: pause.action })
    await saving
    emit({ event: 'token', data: pause.action.data.input })
    return [{ event: 'action', data: pause.action }, metadataEvent(run, executionId)]
  }
  await save({ state: 'FINISHED', executionData: records, checkpoint: null })
  await saving
  return [{ event: 'agentFlowEvent', data: 'FINISHED' }, metadataEvent(run, executionId)]
}

const metadataEvent = (run: AgentflowRun, executionId: string): RunEvent => ({
  event: 'metadata',
  data: {
    chatId: run.chatId,
    chatMessageId: run.chatMessageId,
    question: run.question,
    sessionId: run.sessionId,
    executionId,
  },
})

function timeSince(start: number) {
  const end = Date.now()
  return { start, end, delta: end - start }
}

/** A step's "Update Flow State" inputs (`<step>UpdateState`): resolved after it runs, not before. */
function splitUpdateState(inputs: Record<string, unknown>): { updateKeys: string[]; inputs: Record<string, unknown> } {
  const updateKeys = Object.keys(inputs).filter((key) => key.endsWith('UpdateState') && Array.isArray(inputs[key]))
  if (updateKeys.length === 0) return { updateKeys, inputs }
  const rest = { ...inputs }
  for (const key of updateKeys) delete rest[key]
  return { updateKeys, inputs: rest }
}

/** The keys a step's Update Flow State rows set, with `{{ output }}` read from what it gave. */
function stateUpdates(inputs: Record<string, unknown>, keys: string[], scope: ReferenceScope): Record<string, unknown> {
  const updates: Record<string, unknown> = {}
  for (const key of keys) {
    for (const row of inputs[key] as unknown[]) {
      if (!row || typeof row !== 'object') continue
      const { key: name, value } = row as { key?: unknown; value?: unknown }
      if (typeof name !== 'string' || name.trim() === '') continue
      updates[name.trim()] = typeof value === 'string' ? resolveText(value, scope) : value
    }
  }
  return updates
}

function humanInputAction(step: AgentStep, pause: { question: string; enableFeedback: boolean }): HumanInputAction {
  return {
    id: randomUUID(),
    mapping: { approve: 'Proceed', reject: 'Reject' },
    elements: [
      { type: 'agentflowv2-approve-button', label: 'Proceed' },
      { type: 'agentflowv2-reject-button', label: 'Reject' },
    ],
    data: { nodeId: step.id, nodeLabel: step.label, input: pause.question, enableFeedback: pause.enableFeedback },
  }
}

/** Tells the run's observer (tracing) of a step; an observer that throws is left out. */
function observe(services: AgentflowServices, step: AgentStep, definition: NodeDefinition) {
  if (!services.observer) return undefined
  try {
    const observation = services.observer.nodeStart({
      nodeId: step.id,
      name: step.name,
      label: step.label,
      params: traceableParams(definition.descriptor.inputs ?? [], step.inputs),
    })
    return {
      nodeEnd: (outcome: Parameters<typeof observation.nodeEnd>[0]) => {
        try {
          observation.nodeEnd(outcome)
        } catch {
          // The run goes on: the observer's fault is its own.
        }
      },
    }
  } catch {
    return undefined
  }
}
