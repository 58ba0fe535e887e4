import type { FlowNode, RunEvent } from '@weft/core'
import type { NodeDefinition } from '@weft/nodes'
import type { AgentFlow, AgentStep } from './agentflow-graph.js'
import type { AgentflowRun, AgentflowServices } from './agentflow-run.js'
import { componentScope } from './step-scope.js'
import { buildNodes } from '../chatflow/build-nodes.js'
import { dependencyLevels } from '../chatflow/dependency-levels.js'
import { referencedNodeIds, wholeReference } from '../chatflow/node-reference.js'
import type { PreparedChatflow, PreparedNode } from '../chatflow/prepare-chatflow.js'

// Sequential agent flows (V1) connect their chat models, tools and state as components into the
// steps' input anchors, as a chatflow does: an input holds `{{<nodeId>.data.instance}}` (a list of
// them for tools). The components are built with the chatflow's machinery, once per run, the first
// time a step needs one, and each step receives the built values in place of the references.

/** What the components of one run need to be built. */
export interface ComponentRun {
  run: AgentflowRun
  services: AgentflowServices
  definitions: ReadonlyMap<string, NodeDefinition>
  /** The run's question (a resumed run's, from its checkpoint). */
  question: string
  vars: Record<string, string>
  emit: (event: RunEvent) => void
  signal: AbortSignal
}

export interface FlowComponents {
  /**
   * The step's (resolved) inputs with each component reference replaced by the built component;
   * in a sequential flow, a step with a `model` input left empty gets the chat model of Start.
   */
  inputsOf: (step: AgentStep, inputs: Record<string, unknown>) => Promise<Record<string, unknown>>
}

/** Start's Agent Memory: the runtime reads the conversation itself, so no checkpoint store is built. */
const SERVED_BY_RUNTIME = new Set(['agentMemory'])
const MODEL = 'model'

/** The components of `flow`, built on first use; a flow without components hands inputs through. */
export function flowComponents(flow: AgentFlow, context: ComponentRun): FlowComponents {
  const byId = new Map(flow.components.map((node) => [node.id, node]))
  if (byId.size === 0) return { inputsOf: async (_step, inputs) => inputs }
  const needed = neededComponents(flow, byId)
  const startModel = flow.steps.get(flow.startId)?.inputs[MODEL]
  let built: Promise<Map<string, unknown>> | undefined
  const build = () => (built ??= buildComponents(needed, context))
  const takesModel = (step: AgentStep) =>
    step.id !== flow.startId &&
    isEmpty(step.inputs[MODEL]) &&
    (context.definitions.get(step.name)?.descriptor.inputs ?? []).some((input) => input.name === MODEL)
  return {
    async inputsOf(step, inputs) {
      const withDefault = takesModel(step) && !isEmpty(startModel) ? { ...inputs, [MODEL]: startModel } : inputs
      const uses = Object.entries(withDefault).some(
        ([name, value]) => !SERVED_BY_RUNTIME.has(name) && referencedNodeIds(value).some((id) => needed.has(id)),
      )
      if (!uses) return inputs
      const values = await build()
      return Object.fromEntries(
        Object.entries(withDefault).map(([name, value]) => [
          name,
          SERVED_BY_RUNTIME.has(name) ? value : withBuiltValues(value, values),
        ]),
      )
    },
  }
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === ''

/** A reference (or a list anchor's array of them) as the built values; anything else as it is. */
function withBuiltValues(value: unknown, values: ReadonlyMap<string, unknown>): unknown {
  if (typeof value === 'string') {
    const id = wholeReference(value)
    return id !== undefined && values.has(id) ? values.get(id) : value
  }
  if (Array.isArray(value)) return value.map((item) => withBuiltValues(item, values))
  return value
}

/** The components the steps reference, with the components those reference in turn. */
function neededComponents(flow: AgentFlow, byId: ReadonlyMap<string, FlowNode>): Map<string, FlowNode> {
  const needed = new Map<string, FlowNode>()
  const visit = (id: string) => {
    const node = byId.get(id)
    if (!node || needed.has(id)) return
    needed.set(id, node)
    for (const value of Object.values(node.data.inputs ?? {})) referencedNodeIds(value).forEach(visit)
  }
  for (const step of flow.steps.values()) {
    for (const [name, value] of Object.entries(step.inputs)) {
      if (!SERVED_BY_RUNTIME.has(name)) referencedNodeIds(value).forEach(visit)
    }
  }
  return needed
}

/** Builds the components as a chatflow builds its nodes: in dependency order, with the run's overrides. */
async function buildComponents(
  needed: ReadonlyMap<string, FlowNode>,
  context: ComponentRun,
): Promise<Map<string, unknown>> {
  const { run, services } = context
  const prepared = new Map<string, PreparedNode>()
  for (const node of needed.values()) {
    const references: Record<string, string[]> = {}
    for (const [name, value] of Object.entries(node.data.inputs ?? {})) {
      const ids = referencedNodeIds(value).filter((id) => needed.has(id) && id !== node.id)
      if (ids.length > 0) references[name] = ids
    }
    const dependsOn = [...new Set(Object.values(references).flat())]
    prepared.set(node.id, { node, references, dependsOn, after: [], dependents: [], targetsByOutput: {} })
  }
  for (const entry of prepared.values())
    for (const id of entry.dependsOn) prepared.get(id)!.dependents.push(entry.node.id)
  const dependsOn = new Map([...prepared].map(([id, entry]) => [id, entry.dependsOn]))
  const levels = dependencyLevels([...needed.values()], dependsOn).map((level) =>
    level.map((node) => prepared.get(node.id)!),
  )
  const chatflow: PreparedChatflow = { levels, nodes: prepared, endingNodeIds: [] }
  const scope = componentScope(run, services, context, context.emit, context.signal)
  const { values } = await buildNodes({
    prepared: chatflow,
    definitions: context.definitions,
    credential: services.credential,
    ...(run.overrides ? { overrides: run.overrides } : {}),
    scope,
  })
  return values
}
