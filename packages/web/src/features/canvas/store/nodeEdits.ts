import {
  applyInputVisibility,
  CONDITION_NODE_NAMES,
  deleteEdge,
  rebuildConditionAnchors,
  staleEdges,
  type FlowData,
  type FlowNodeData,
} from '@weft/core'

const CONDITION_NODES = new Set<string>(CONDITION_NODE_NAMES)

function updateNodeData(flow: FlowData, nodeId: string, update: (data: FlowNodeData) => FlowNodeData): FlowData {
  return {
    ...flow,
    nodes: flow.nodes.map((node) => (node.id === nodeId ? { ...node, data: update(node.data) } : node)),
  }
}

/**
 * A new input value. Only this node's visibility is recomputed; a condition node rebuilds its output
 * anchors and loses the edges whose anchor is gone.
 */
export function setInput(flow: FlowData, nodeId: string, name: string, value: unknown): FlowData {
  let isCondition = false
  const next = updateNodeData(flow, nodeId, (data) => {
    isCondition = CONDITION_NODES.has(data.name)
    const withValue = { ...data, inputs: { ...data.inputs, [name]: value } }
    return applyInputVisibility(isCondition ? rebuildConditionAnchors(withValue) : withValue)
  })
  if (!isCondition) return next
  return staleEdges(next, nodeId).reduce((current, edge) => deleteEdge(current, edge.id), next)
}

export function setOutput(flow: FlowData, nodeId: string, name: string, value: unknown): FlowData {
  return updateNodeData(flow, nodeId, (data) => ({ ...data, outputs: { ...data.outputs, [name]: value } }))
}

export function setLabel(flow: FlowData, nodeId: string, label: string): FlowData {
  return updateNodeData(flow, nodeId, (data) => ({ ...data, label }))
}
