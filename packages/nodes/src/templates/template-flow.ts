import {
  addEdge,
  checkConnection,
  createFlowNode,
  outputHandles,
  rebuildConditionAnchors,
  uniqueNodeId,
  applyInputVisibility,
  type FlowData,
  type FlowNode,
} from '@weft/core'
import { nodes } from '../catalogue.js'

export interface TemplateFlow {
  /** Places a catalogue node and returns its id; `inputs` override the descriptor's defaults. */
  add: (name: string, x: number, y: number, inputs?: Record<string, unknown>, label?: string) => string
  /** Chatflow: connects the source's (chosen) output to the target input named `inputName`. */
  connect: (sourceId: string, targetId: string, inputName: string) => void
  /** Agentflow V2: connects the source's `output` handle (0 for most steps; condition branches 0, 1, …) to the target step. */
  follow: (sourceId: string, targetId: string, output?: number) => void
  build: () => FlowData
}

/**
 * Builds template flow data from the catalogue with the same core rules the canvas uses, so a
 * template is always what a user could have built by hand, and a connection the canvas would refuse
 * fails here at once.
 */
export function templateFlow(): TemplateFlow {
  let flow: FlowData = { nodes: [], edges: [], viewport: { x: 0, y: 0, zoom: 0.8 } }
  const nodeOf = (id: string): FlowNode => {
    const node = flow.nodes.find((candidate) => candidate.id === id)
    if (!node) throw new Error(`Template: no node ${id}`)
    return node
  }
  const link = (connection: { source: string; target: string; sourceHandle: string; targetHandle: string }) => {
    const problem = checkConnection(connection, flow.nodes, flow.edges)
    if (problem) throw new Error(`Template: ${connection.source} → ${connection.target} refused (${problem})`)
    flow = addEdge(flow, connection)
  }
  return {
    add(name, x, y, inputs = {}, label) {
      const definition = nodes.find((node) => node.descriptor.name === name)
      if (!definition) throw new Error(`Template: no node named ${name}`)
      const id = uniqueNodeId(name, flow.nodes)
      const node = createFlowNode(definition.descriptor, id, { x, y })
      const data = rebuildConditionAnchors({
        ...node.data,
        ...(label ? { label } : {}),
        inputs: { ...node.data.inputs, ...inputs },
      })
      flow = { ...flow, nodes: [...flow.nodes, { ...node, data: applyInputVisibility(data) }] }
      return id
    },
    connect(sourceId, targetId, inputName) {
      const source = nodeOf(sourceId).data
      const chosen = typeof source.outputs.output === 'string' ? source.outputs.output : undefined
      const handles = outputHandles(source)
      const handle = handles.find((candidate) => candidate.name === chosen) ?? handles[0]
      const anchor = nodeOf(targetId).data.inputAnchors.find((candidate) => candidate.name === inputName)
      if (!handle || !anchor) throw new Error(`Template: cannot connect ${sourceId} to ${targetId}.${inputName}`)
      link({ source: sourceId, target: targetId, sourceHandle: handle.id, targetHandle: anchor.id })
    },
    follow(sourceId, targetId, output = 0) {
      const handle = outputHandles(nodeOf(sourceId).data)[output]
      if (!handle) throw new Error(`Template: ${sourceId} has no output ${output}`)
      link({ source: sourceId, target: targetId, sourceHandle: handle.id, targetHandle: targetId })
    },
    build: () => flow,
  }
}
