import type { FlowData, FlowNode } from '../types/node.js'
import { mapInputReferences, removeReferencesTo } from './node-references.js'

/**
 * SPEC §4 "delete a node": removes the node, the nodes inside it (`parentNode`, at any depth),
 * every edge touching them and every reference to them in other nodes' inputs, so nothing left on
 * the canvas points at a node that is gone.
 */
export function deleteNode(flow: FlowData, nodeId: string): FlowData {
  const removed = nodeWithDescendants(flow.nodes, nodeId)
  const decide = removeReferencesTo(removed)
  const nodes = flow.nodes
    .filter((node) => !removed.has(node.id))
    .map((node) => {
      const inputs = mapInputReferences(node.data.inputs, decide)
      return inputs === node.data.inputs ? node : { ...node, data: { ...node.data, inputs } }
    })
  const edges = flow.edges.filter((edge) => !removed.has(edge.source) && !removed.has(edge.target))
  return { ...flow, nodes, edges }
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
