import { flowWithOurSpellings, type FlowData, type FlowEdge, type FlowNode } from '@weft/core'
import { readFlowGraph } from '../chatflow/prepare-chatflow.js'

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
}

const START = 'startAgentflow'
const SEQ_START = 'seqStart'

/**
 * Reads an agentflow (V2, or sequential agents) from the flow's JSON text: its steps, the edges
 * between them, its Start and the sub-graph of each Iteration. Sticky notes take no part. Throws a
 * message the user can act on when the flow cannot run.
 */
export function readAgentflow(flowData: string | FlowData): AgentFlow {
  const graph = readFlowGraph(flowData)
  const { nodes } = flowWithOurSpellings({ nodes: graph.nodes, edges: graph.edges })
  const steps = new Map(nodes.map((node) => [node.id, stepOf(node)]))
  const starts = nodes.filter((node) => node.data.name === START || node.data.name === SEQ_START)
  if (starts.length === 0) throw new Error('This agentflow has no Start step: add one and connect the steps after it.')
  if (starts.length > 1) throw new Error('This agentflow has more than one Start step: keep one.')
  const edgesOf = (parent: string | undefined) =>
    graph.edges.filter((edge) => steps.get(edge.source)?.parentNode === parent && steps.get(edge.target)?.parentNode === parent)
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
  const parents = new Set(nodes.flatMap((node) => (node.parentNode && steps.has(node.parentNode) ? [node.parentNode] : [])))
  const iterations = new Map([...parents].map((id) => [id, levelOf(id)]))
  return { steps, top: levelOf(undefined), startId: starts[0]!.id, iterations }
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

/**
 * Which output an edge leaves from. Handles of steps with several outputs end in the output's index
 * (`conditionAgentflow_0-output-1`, Human Input's proceed 0 and reject 1); a handle that ends in a
 * name is looked up among the node's output anchors. A step with one output leaves from 0.
 */
export function outputIndex(source: FlowNode, edge: FlowEdge): number {
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
