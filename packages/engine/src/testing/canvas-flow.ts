import { addEdge, createFlowNode, rebuildConditionAnchors, type FlowData, type FlowNode } from '@weft/core'
import { findNode } from '@weft/nodes'

// Flows for tests as the canvas saves them: nodes made from the catalogue's descriptors, connected
// through their anchors (the target's input holds `{{<source>.data.instance}}`).

/** A node as the canvas creates it from the catalogue, with some inputs set (condition anchors follow them). */
export function canvasNode(id: string, inputs: Record<string, unknown> = {}): FlowNode {
  const descriptor = findNode(id.replace(/_\d+$/, ''))!.descriptor
  const node = createFlowNode(descriptor, id, { x: 0, y: 0 })
  return { ...node, data: rebuildConditionAnchors({ ...node.data, inputs: { ...node.data.inputs, ...inputs } }) }
}

/** Connects `source` (its output `output`, else its only one) into the input anchor `input` of `target`, as a drag on the canvas. */
function connect(flow: FlowData, source: string, target: string, input: string, output?: string): FlowData {
  const from = flow.nodes.find((node) => node.id === source)!.data
  const to = flow.nodes.find((node) => node.id === target)!.data
  const sourceHandle = (output ? from.outputAnchors.find((anchor) => anchor.name === output) : from.outputAnchors[0])!
    .id!
  const targetHandle = to.inputAnchors.find((anchor) => anchor.name === input)!.id
  return addEdge(flow, { source, sourceHandle, target, targetHandle })
}

export function build(nodes: FlowNode[], connections: Array<[string, string, string, string?]>): FlowData {
  let flow: FlowData = { nodes, edges: [], viewport: { x: 0, y: 0, zoom: 1 } }
  for (const [source, target, input, output] of connections) flow = connect(flow, source, target, input, output)
  // Saved and loaded as JSON text, as the server stores it.
  return JSON.parse(JSON.stringify(flow)) as FlowData
}
