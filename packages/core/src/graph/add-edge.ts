import type { Connection, FlowData, FlowEdge, FlowNode } from '../types/node.js'
import { findInputAnchor, findVariableParam } from './anchors.js'
import { connectVariable, instanceReference } from './variable-reference.js'

export { instanceReference }

/** The edge id the flow format uses: its four ends joined by dashes. */
export function edgeId(connection: Connection): string {
  return `${connection.source}-${connection.sourceHandle}-${connection.target}-${connection.targetHandle}`
}

/**
 * Adds the edge and writes the connection into the target's inputs, as the flow format keeps both
 * (DESIGN "Flow format"): a chatflow or sequential input holds `{{<source>.data.instance}}`, a list
 * input an array of them, a variable param (`acceptVariable`) the reference in its text or JSON
 * (see `connectVariable`). Agentflow V2 edges target the node itself, carry both nodes' colours and
 * leave inputs alone. Does not validate: check with `checkConnection` first.
 */
export function addEdge(flow: FlowData, connection: Connection): FlowData {
  const { source, target, sourceHandle, targetHandle } = connection
  const id = edgeId(connection)
  const sourceNode = flow.nodes.find((node) => node.id === source)
  const targetNode = flow.nodes.find((node) => node.id === target)
  const targetsNode = targetHandle === target
  const edge: FlowEdge = targetsNode
    ? {
        id,
        source,
        sourceHandle,
        target,
        targetHandle,
        type: 'agentFlow',
        data: { sourceColor: sourceNode?.data.color, targetColor: targetNode?.data.color },
      }
    : { id, source, sourceHandle, target, targetHandle, type: 'buttonedge' }
  const edges = flow.edges.some((existing) => existing.id === id) ? flow.edges : [...flow.edges, edge]
  const nodes = flow.nodes.map((node) => (node.id === target ? connectInput(node, source, targetHandle) : node))
  return { ...flow, nodes, edges }
}

function connectInput(node: FlowNode, source: string, targetHandle: string): FlowNode {
  const anchor = findInputAnchor(node.data, targetHandle)
  if (!anchor) return connectParam(node, source, targetHandle)
  const reference = instanceReference(source)
  const current = node.data.inputs[anchor.name]
  let value: unknown = reference
  if (anchor.list) {
    const list = Array.isArray(current) ? current : typeof current === 'string' && current !== '' ? [current] : []
    value = list.includes(reference) ? list : [...list, reference]
  }
  return { ...node, data: { ...node.data, inputs: { ...node.data.inputs, [anchor.name]: value } } }
}

function connectParam(node: FlowNode, source: string, targetHandle: string): FlowNode {
  const param = findVariableParam(node.data, targetHandle)
  if (!param) return node
  const value = connectVariable(node.data, param, source)
  if (value === node.data.inputs[param.name]) return node
  return { ...node, data: { ...node.data, inputs: { ...node.data.inputs, [param.name]: value } } }
}
