import type { FlowData, FlowEdge, FlowNode } from '@weft/core'
import { dependencyLevels } from './dependency-levels.js'
import { findEndingNode } from './find-ending-node.js'
import { referencedNodeIds } from './node-reference.js'

export interface PreparedNode {
  node: FlowNode
  /** Input name → ids of the nodes it references (connections). */
  references: Record<string, string[]>
  /** Every node whose value this node needs: edge sources and referenced nodes. */
  dependsOn: string[]
}

/** What a run needs from the flow data, computed once per flow version. */
export interface PreparedChatflow {
  /** Nodes in dependency order, grouped in levels of independent nodes. */
  levels: PreparedNode[][]
  endingNodeId: string
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

/** Finds the ending node and the build order of a chatflow. Throws a user-facing message when it cannot run. */
export function prepareChatflow(flowData: string | FlowData): PreparedChatflow {
  const { nodes, edges } = readFlowGraph(flowData)
  const ending = findEndingNode(nodes, edges)
  const ids = new Set(nodes.map((node) => node.id))
  const prepared = new Map<string, PreparedNode>()
  for (const node of nodes) {
    const references: Record<string, string[]> = {}
    for (const [name, value] of Object.entries(node.data.inputs ?? {})) {
      const referenced = referencedNodeIds(value).filter((id) => ids.has(id) && id !== node.id)
      if (referenced.length > 0) references[name] = referenced
    }
    const fromEdges = edges.filter((edge) => edge.target === node.id).map((edge) => edge.source)
    const dependsOn = [...new Set([...fromEdges, ...Object.values(references).flat()])]
    prepared.set(node.id, { node, references, dependsOn })
  }
  const dependsOn = new Map([...prepared].map(([id, entry]) => [id, entry.dependsOn]))
  const levels = dependencyLevels(nodes, dependsOn).map((level) => level.map((node) => prepared.get(node.id)!))
  return { levels, endingNodeId: ending.id }
}
