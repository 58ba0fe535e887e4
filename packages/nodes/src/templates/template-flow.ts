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
  /**
   * Agentflow V2: places a step inside an Iteration (`parentNode`), at a position relative to it, as
   * dropping it into the container on the canvas does.
   */
  addInside: (
    parentId: string,
    name: string,
    x: number,
    y: number,
    inputs?: Record<string, unknown>,
    label?: string,
  ) => string
  /** Gives a container (Iteration) the size the canvas draws it at; it keeps it as the user would. */
  resize: (nodeId: string, width: number, height: number) => void
  /** Chatflow: picks which of the node's outputs its edges leave from (e.g. a store's `vectorStore`). */
  chooseOutput: (nodeId: string, outputName: string) => void
  /** A sticky note of the canvas's kind (Agentflow V2's or the chatflow one), connected to nothing. */
  note: (canvas: 'chatflow' | 'agentflowV2', x: number, y: number, text: string) => string
  /**
   * Chatflow: connects the source's (chosen) output to the target input named `inputName`, or to a
   * param that takes references (Prompt Values), which then names the source in its JSON.
   */
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
  const place = (name: string, x: number, y: number, inputs: Record<string, unknown>, label?: string) => {
    const definition = nodes.find((node) => node.descriptor.name === name)
    if (!definition) throw new Error(`Template: no node named ${name}`)
    const id = uniqueNodeId(name, flow.nodes)
    const node = createFlowNode(definition.descriptor, id, { x, y })
    const data = rebuildConditionAnchors({
      ...node.data,
      ...(label ? { label } : {}),
      inputs: { ...node.data.inputs, ...inputs },
    })
    return { ...node, data: applyInputVisibility(data) }
  }
  const replaceNode = (id: string, change: (node: FlowNode) => FlowNode) => {
    flow = { ...flow, nodes: flow.nodes.map((node) => (node.id === id ? change(node) : node)) }
  }
  return {
    add(name, x, y, inputs = {}, label) {
      const node = place(name, x, y, inputs, label)
      flow = { ...flow, nodes: [...flow.nodes, node] }
      return node.id
    },
    addInside(parentId, name, x, y, inputs = {}, label) {
      const parent = nodeOf(parentId)
      if (parent.type !== 'iteration') throw new Error(`Template: ${parentId} is not a container`)
      const node = place(name, x, y, inputs, label)
      if (node.type !== 'agentFlow') throw new Error(`Template: ${name} cannot go inside an iteration`)
      flow = { ...flow, nodes: [...flow.nodes, { ...node, parentNode: parentId }] }
      return node.id
    },
    resize(nodeId, width, height) {
      if (nodeOf(nodeId).type !== 'iteration') throw new Error(`Template: only a container keeps a size`)
      replaceNode(nodeId, (node) => ({ ...node, width, height }))
    },
    chooseOutput(nodeId, outputName) {
      if (!outputHandles(nodeOf(nodeId).data).some((handle) => handle.name === outputName)) {
        throw new Error(`Template: ${nodeId} has no output ${outputName}`)
      }
      replaceNode(nodeId, (node) => ({
        ...node,
        data: { ...node.data, outputs: { ...node.data.outputs, output: outputName } },
      }))
    },
    note(canvas, x, y, text) {
      const node = place(canvas === 'agentflowV2' ? 'stickyNoteAgentflow' : 'stickyNote', x, y, { note: text })
      flow = { ...flow, nodes: [...flow.nodes, node] }
      return node.id
    },
    connect(sourceId, targetId, inputName) {
      const source = nodeOf(sourceId).data
      const chosen = typeof source.outputs.output === 'string' ? source.outputs.output : undefined
      const handles = outputHandles(source)
      const handle = handles.find((candidate) => candidate.name === chosen) ?? handles[0]
      const target = nodeOf(targetId).data
      // An input anchor, else a param taking references (Prompt Values), whose handle is the param's.
      const anchorId =
        target.inputAnchors.find((candidate) => candidate.name === inputName)?.id ??
        target.inputParams.find((param) => param.name === inputName && param.acceptVariable === true)?.id
      if (!handle || !anchorId) throw new Error(`Template: cannot connect ${sourceId} to ${targetId}.${inputName}`)
      link({ source: sourceId, target: targetId, sourceHandle: handle.id, targetHandle: anchorId })
    },
    follow(sourceId, targetId, output = 0) {
      const handle = outputHandles(nodeOf(sourceId).data)[output]
      if (!handle) throw new Error(`Template: ${sourceId} has no output ${output}`)
      link({ source: sourceId, target: targetId, sourceHandle: handle.id, targetHandle: targetId })
    },
    build: () => flow,
  }
}
