import type { FlowData, FlowNode } from '../types/node.js'
import { findInputAnchor, findVariableParam } from './anchors.js'
import { mapNodeReferences, removeReferencesTo } from './node-references.js'
import { disconnectVariable } from './variable-reference.js'

/**
 * Removes an edge and, for a chatflow input or a variable param, the reference to its source that
 * `addEdge` wrote, unless another edge from the same source still feeds that input.
 */
export function deleteEdge(flow: FlowData, edgeId: string): FlowData {
  const edge = flow.edges.find((candidate) => candidate.id === edgeId)
  if (!edge) return flow
  const edges = flow.edges.filter((candidate) => candidate.id !== edgeId)
  const stillLinked = edges.some(
    (other) => other.source === edge.source && other.target === edge.target && other.targetHandle === edge.targetHandle,
  )
  if (stillLinked) return { ...flow, edges }
  const nodes = flow.nodes.map((node) =>
    node.id === edge.target ? disconnectInput(node, edge.source, edge.targetHandle) : node,
  )
  return { ...flow, nodes, edges }
}

function disconnectInput(node: FlowNode, source: string, targetHandle: string): FlowNode {
  const sources = new Set([source])
  const param = findVariableParam(node.data, targetHandle)
  if (param) {
    const value = disconnectVariable(node.data.inputs[param.name], param, sources)
    if (value === node.data.inputs[param.name]) return node
    return { ...node, data: { ...node.data, inputs: { ...node.data.inputs, [param.name]: value } } }
  }
  const anchor = findInputAnchor(node.data, targetHandle)
  if (!anchor) return node
  const value = mapNodeReferences(node.data.inputs[anchor.name], removeReferencesTo(sources))
  return { ...node, data: { ...node.data, inputs: { ...node.data.inputs, [anchor.name]: value } } }
}
