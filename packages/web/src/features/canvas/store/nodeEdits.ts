import {
  applyInputVisibility,
  CONDITION_NODE_NAMES,
  deleteEdge,
  rebuildConditionAnchors,
  rehomeConditionEdges,
  staleEdges,
  type FlowData,
  type FlowNodeData,
} from '@weft/core'
import { isNodePicker, withPickedValue } from '../node/inputs/nodePicker'

const CONDITION_NODES = new Set<string>(CONDITION_NODE_NAMES)

function updateNodeData(flow: FlowData, nodeId: string, update: (data: FlowNodeData) => FlowNodeData): FlowData {
  return {
    ...flow,
    nodes: flow.nodes.map((node) => (node.id === nodeId ? { ...node, data: update(node.data) } : node)),
  }
}

/**
 * A new input value. Only this node's visibility is recomputed; a condition node rebuilds its output
 * anchors, keeps the edges of outputs it still has (a sequential condition's handle saved by
 * Flowise moves onto the rebuilt one) and loses the others; a step's model or tool picker that chooses
 * another node drops the settings of the one it replaced, in the same change.
 */
export function setInput(flow: FlowData, nodeId: string, name: string, value: unknown): FlowData {
  let isCondition = false
  const next = updateNodeData(flow, nodeId, (data) => {
    isCondition = CONDITION_NODES.has(data.name)
    const param = data.inputParams.find((candidate) => candidate.name === name)
    const picker = param !== undefined && isNodePicker(param, data.name)
    const withValue = { ...data, inputs: withPickedValue(data.inputs, name, value, picker) }
    return applyInputVisibility(isCondition ? rebuildConditionAnchors(withValue) : withValue)
  })
  if (!isCondition) return next
  const rehomed = rehomeConditionEdges(next, nodeId)
  return staleEdges(rehomed, nodeId).reduce((current, edge) => deleteEdge(current, edge.id), rehomed)
}

export function setOutput(flow: FlowData, nodeId: string, name: string, value: unknown): FlowData {
  return updateNodeData(flow, nodeId, (data) => ({ ...data, outputs: { ...data.outputs, [name]: value } }))
}

export function setLabel(flow: FlowData, nodeId: string, label: string): FlowData {
  return updateNodeData(flow, nodeId, (data) => ({ ...data, label }))
}
