import {
  conditionOutputOfHandle,
  flowWithOurSpellings,
  readRichTextInputs,
  rebuildConditionAnchors,
  type FlowData,
  type FlowEdge,
  type FlowNode,
} from '@weft/core'
import { LOOP_NODE_NAME, loopTargetsOf, type NodeDefinition } from '@weft/nodes'
import { readFlowGraph } from '../chatflow/prepare-chatflow.js'
import { isMultiAgent, readMultiAgentFlow } from './multi-agent-graph.js'

/** One step of an agentflow as the runtime reads it. */
export interface AgentStep {
  id: string
  name: string
  label: string
  inputs: Record<string, unknown>
  credential?: string
  /** The Iteration this step runs inside, if any. */
  parentNode?: string
}

/** An edge as the runtime follows it: which output of its source it leaves from. */
export interface AgentEdge {
  source: string
  target: string
  /** Index of the source's output anchor (a condition's branch, Human Input's proceed 0 / reject 1). */
  output: number
}

/** The steps of one level of the flow (the top level, or one Iteration's sub-graph) and their edges. */
export interface AgentGraph {
  steps: ReadonlyMap<string, AgentStep>
  /** Edges leaving each step, within its level. */
  outgoing: ReadonlyMap<string, readonly AgentEdge[]>
  /** How many edges enter each step, within its level. */
  incoming: ReadonlyMap<string, number>
}

export interface AgentFlow {
  /** Every step of the flow, at any level. */
  steps: ReadonlyMap<string, AgentStep>
  top: AgentGraph
  startId: string
  /** The sub-graph of each Iteration step, by its id. */
  iterations: ReadonlyMap<string, AgentGraph>
  /**
   * Nodes of a sequential agent flow that are built, not run: the chat models, tools, memory and
   * state connected into the steps' inputs. Empty for V2 flows, whose steps name what they build.
   */
  components: readonly FlowNode[]
}

const START = 'startAgentflow'
const SEQ_START = 'seqStart'
const SEQ_CONDITIONS = new Set(['seqCondition', 'seqConditionAgent'])
const SEQUENTIAL_CATEGORY = 'Sequential Agents'

/**
 * Reads an agentflow (V2, or sequential agents) from the flow's JSON text: its steps, the edges
 * between them, its Start and the sub-graph of each Iteration. Sticky notes take no part. In a
 * sequential agent flow (its Start is `seqStart`) the steps are the nodes that have a `step` in
 * `definitions` (without it, or for a node it does not know: those of the Sequential Agents
 * category), every other node is a component, and only edges between two steps are control flow.
 * A V2 step's inputs are read as Flowise's rich-text editor saved them: its HTML as Markdown (core's
 * `readRichTextInputs`), so every `{{ }}` is resolved in text, never in markup.
 * A flow of a Supervisor and Workers (no Start) is read by `readMultiAgentFlow`.
 * Throws a message the user can act on when the flow cannot run.
 */
export function readAgentflow(
  flowData: string | FlowData,
  definitions?: ReadonlyMap<string, NodeDefinition>,
): AgentFlow {
  const graph = readFlowGraph(flowData)
  const { nodes: all } = flowWithOurSpellings({ nodes: graph.nodes, edges: graph.edges })
  const starts = all.filter((node) => node.data.name === START || node.data.name === SEQ_START)
  if (starts.length === 0 && isMultiAgent(all)) return readMultiAgentFlow(all, stepOf)
  if (starts.length === 0) throw new Error('This agentflow has no Start step: add one and connect the steps after it.')
  if (starts.length > 1) throw new Error('This agentflow has more than one Start step: keep one.')
  const sequential = starts[0]!.data.name === SEQ_START
  const nodes = sequential ? all.filter((node) => isSequentialStep(node, definitions)) : all
  const components = sequential ? all.filter((node) => !isSequentialStep(node, definitions)) : []
  const steps = new Map(nodes.map((node) => [node.id, sequential ? stepOf(node) : editorStepOf(node)]))
  if (sequential) withLoopTargets(steps)
  const edgesOf = (parent: string | undefined) =>
    graph.edges.filter(
      (edge) =>
        steps.has(edge.source) &&
        steps.has(edge.target) &&
        steps.get(edge.source)!.parentNode === parent &&
        steps.get(edge.target)!.parentNode === parent,
    )
  const levelOf = (parent: string | undefined): AgentGraph => {
    const members = [...steps.values()].filter((step) => step.parentNode === parent)
    const outgoing = new Map<string, AgentEdge[]>(members.map((step) => [step.id, []]))
    const incoming = new Map<string, number>(members.map((step) => [step.id, 0]))
    for (const edge of edgesOf(parent)) {
      const source = nodes.find((node) => node.id === edge.source)!
      outgoing.get(edge.source)!.push({ source: edge.source, target: edge.target, output: outputIndex(source, edge) })
      incoming.set(edge.target, incoming.get(edge.target)! + 1)
    }
    return { steps: new Map(members.map((step) => [step.id, step])), outgoing, incoming }
  }
  const parents = new Set(
    nodes.flatMap((node) => (node.parentNode && steps.has(node.parentNode) ? [node.parentNode] : [])),
  )
  const iterations = new Map([...parents].map((id) => [id, levelOf(id)]))
  return { steps, top: levelOf(undefined), startId: starts[0]!.id, iterations, components }
}

/** Each sequential Loop gets the flow's named steps, among which it finds the one its Loop To names. */
function withLoopTargets(steps: Map<string, AgentStep>): void {
  const targets = loopTargetsOf(steps.values())
  for (const step of steps.values()) {
    if (step.name === LOOP_NODE_NAME) steps.set(step.id, { ...step, inputs: { ...step.inputs, loopTargets: targets } })
  }
}

function isSequentialStep(node: FlowNode, definitions: ReadonlyMap<string, NodeDefinition> | undefined): boolean {
  const definition = definitions?.get(node.data.name)
  // A node Weft does not know stays a step of its category, so the run names it as one it cannot run.
  return definition ? definition.step !== undefined : node.data.category === SEQUENTIAL_CATEGORY
}

function stepOf(node: FlowNode): AgentStep {
  const data = node.data
  return {
    id: node.id,
    name: data.name,
    label: data.label || data.name,
    inputs: data.inputs ?? {},
    ...(data.credential ? { credential: data.credential } : {}),
    ...(node.parentNode ? { parentNode: node.parentNode } : {}),
  }
}

/** A V2 step, its inputs' rich-text HTML read as Markdown (sequential agents' inputs are plain text in Flowise). */
function editorStepOf(node: FlowNode): AgentStep {
  const step = stepOf(node)
  return { ...step, inputs: readRichTextInputs(step.inputs) }
}

/**
 * Which output an edge leaves from. Handles of steps with several outputs end in the output's index
 * (`conditionAgentflow_0-output-1`, Human Input's proceed 0 and reject 1); a handle that ends in a
 * name is looked up among the node's output anchors. A step with one output leaves from 0.
 */
export function outputIndex(source: FlowNode, edge: FlowEdge): number {
  if (SEQ_CONDITIONS.has(source.data.name)) return sequentialConditionOutput(source, edge)
  const anchors = source.data.outputAnchors ?? []
  const byId = anchors.findIndex((anchor) => anchor.id === edge.sourceHandle)
  if (byId >= 0 && anchors.length > 1) return byId
  const suffix = edge.sourceHandle.split('-output-').pop() ?? ''
  if (/^\d+$/.test(suffix)) return Number(suffix)
  const named = anchors.findIndex((anchor) => anchor.name === suffix)
  if (named >= 0) return named
  const edgeLabel = edge.data?.edgeLabel
  return typeof edgeLabel === 'string' && /^\d+$/.test(edgeLabel) ? Number(edgeLabel) : 0
}

/**
 * A sequential condition's edge leaves from the output its handle names (core's
 * `conditionOutputOfHandle`: Flowise's saved anchor option and its camel-cased name, or Weft's
 * label). The index is the output's place among the labels its rules or code give (core's
 * `rebuildConditionAnchors`), the order its step reports in `next`, whatever anchors the file
 * saved. An edge from an output the condition no longer has is never taken.
 */
function sequentialConditionOutput(source: FlowNode, edge: FlowEdge): number {
  const labels = rebuildConditionAnchors(source.data).outputAnchors.map((anchor) => anchor.label)
  return conditionOutputOfHandle(edge.sourceHandle, labels, source.data.outputAnchors ?? [])
}
