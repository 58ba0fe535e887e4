import type { FlowData, FlowNode } from '../types/node.js'
import { isVariableParam } from './anchors.js'
import { mapInputReferences, removeReferencesTo } from './node-references.js'
import { disconnectVariable } from './variable-reference.js'

/**
 * SPEC §4 "delete a node": removes the node, the nodes inside it (`parentNode`, at any depth),
 * every edge touching them and every reference to them in other nodes' inputs, so nothing left on
 * the canvas points at a node that is gone. A variable param loses its connection as `deleteEdge`
 * takes it out: the JSON key that held it goes too.
 */
export function deleteNode(flow: FlowData, nodeId: string): FlowData {
  const removed = nodeWithDescendants(flow.nodes, nodeId)
  const decide = removeReferencesTo(removed)
  const nodes = flow.nodes
    .filter((node) => !removed.has(node.id))
    .map((node) => {
      const inputs = mapInputReferences(disconnectVariables(node, removed), decide)
      return inputs === node.data.inputs ? node : { ...node, data: { ...node.data, inputs } }
    })
  const edges = flow.edges.filter((edge) => !removed.has(edge.source) && !removed.has(edge.target))
  return { ...flow, nodes, edges }
}

function disconnectVariables(node: FlowNode, removed: ReadonlySet<string>): Record<string, unknown> {
  let inputs = node.data.inputs
  for (const param of node.data.inputParams) {
    if (!isVariableParam(param)) continue
    const value = disconnectVariable(inputs[param.name], param, removed)
    if (value !== inputs[param.name]) inputs = { ...inputs, [param.name]: value }
  }
  return inputs
}

/** A node's id with the ids of every node nested inside it. */
export function nodeWithDescendants(nodes: readonly FlowNode[], nodeId: string): Set<string> {
  const ids = new Set([nodeId])
  let grew = true
  while (grew) {
    grew = false
    for (const node of nodes) {
      if (node.parentNode !== undefined && ids.has(node.parentNode) && !ids.has(node.id)) {
        ids.add(node.id)
        grew = true
      }
    }
  }
  return ids
}
