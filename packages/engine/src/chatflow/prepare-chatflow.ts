import type { FlowData, FlowEdge, FlowNode } from '@weft/core'
import { dependencyLevels } from './dependency-levels.js'
import { edgeOutputName } from './edge-output.js'
import { findEndingNodes } from './find-ending-node.js'
import { referencedNodeIds } from './node-reference.js'
import { variableOrder } from './variable-order.js'

export interface PreparedNode {
  node: FlowNode
  /** Input name → ids of the nodes it references (connections). */
  references: Record<string, string[]>
  /** Every node whose value this node needs: edge sources and referenced nodes. */
  dependsOn: string[]
  /** Nodes that build first though this node takes no value from them (Set Variable before Get Variable). */
  after: string[]
  /** Every node that takes this node's value. */
  dependents: string[]
  /** Output name → the nodes its edges lead to: an IfElse node's `returnTrue` and `returnFalse` paths. */
  targetsByOutput: Record<string, string[]>
}

/** What a run needs from the flow data, computed once per flow version. */
export interface PreparedChatflow {
  /** Nodes in dependency order, grouped in levels of independent nodes. */
  levels: PreparedNode[][]
  /** Every node by id, in flow order. */
  nodes: ReadonlyMap<string, PreparedNode>
  /** The nodes that may answer: one, or one per path of IfElse nodes (a run keeps exactly one). */
  endingNodeIds: string[]
}

/** Sticky notes are comments: they take no part in the graph. */
export function isStickyNote(node: FlowNode): boolean {
  return node.type === 'stickyNote' || node.data?.name === 'stickyNote'
}

/** Parses the flow's JSON text (or takes parsed data) into the nodes that run. */
export function readFlowGraph(flowData: string | FlowData): { nodes: FlowNode[]; edges: FlowEdge[] } {
  let data: Partial<FlowData>
  try {
    data = typeof flowData === 'string' ? (JSON.parse(flowData) as Partial<FlowData>) : flowData
  } catch (error) {
    throw new Error(`This flow's data cannot be read: ${(error as Error).message}`)
  }
  if (!Array.isArray(data?.nodes) || !Array.isArray(data.edges)) {
    throw new Error("This flow's data cannot be read: it needs a list of nodes and a list of edges")
  }
  const nodes = data.nodes.filter((node) => node?.data && !isStickyNote(node))
  const ids = new Set(nodes.map((node) => node.id))
  const edges = data.edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target))
  return { nodes, edges }
}

/**
 * Finds the ending nodes and the build order of a chatflow. Throws a user-facing message when it
 * cannot run. `findEndings: false` leaves the endings out (none): a vector upsert answers no question.
 */
export function prepareChatflow(flowData: string | FlowData, { findEndings = true } = {}): PreparedChatflow {
  const { nodes, edges } = readFlowGraph(flowData)
  const ids = new Set(nodes.map((node) => node.id))
  const order = variableOrder(nodes)
  const prepared = new Map<string, PreparedNode>()
  for (const node of nodes) {
    const references: Record<string, string[]> = {}
    for (const [name, value] of Object.entries(node.data.inputs ?? {})) {
      const referenced = referencedNodeIds(value).filter((id) => ids.has(id) && id !== node.id)
      if (referenced.length > 0) references[name] = referenced
    }
    const fromEdges = edges.filter((edge) => edge.target === node.id).map((edge) => edge.source)
    const dependsOn = [...new Set([...fromEdges, ...Object.values(references).flat()])]
    const after = (order.get(node.id) ?? []).filter((id) => !dependsOn.includes(id))
    prepared.set(node.id, { node, references, dependsOn, after, dependents: [], targetsByOutput: {} })
  }
  for (const entry of prepared.values()) {
    for (const id of entry.dependsOn) prepared.get(id)!.dependents.push(entry.node.id)
  }
  for (const edge of edges) {
    const output = edgeOutputName(edge)
    if (output === undefined) continue
    const targets = (prepared.get(edge.source)!.targetsByOutput[output] ??= [])
    if (!targets.includes(edge.target)) targets.push(edge.target)
  }
  const endingNodeIds = findEndings ? findEndingNodes(prepared, edges) : []
  const waitsFor = new Map([...prepared].map(([id, entry]) => [id, [...entry.dependsOn, ...entry.after]]))
  const levels = dependencyLevels(nodes, waitsFor).map((level) => level.map((node) => prepared.get(node.id)!))
  return { levels, nodes: prepared, endingNodeIds }
}
