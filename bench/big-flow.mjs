// A big chatflow for benchmarks, built from the real catalogue with the canvas's own rules.
import { addEdge, checkConnection, createFlowNode, outputHandles, uniqueNodeId } from '../packages/core/dist/index.js'
import { nodes as catalogue } from '../packages/nodes/dist/index.js'

/** A grid of catalogue nodes, then edges between nearby nodes wherever the rules allow one. */
export function bigFlow(nodeCount, edgeCount) {
  const descriptors = catalogue
    .map((node) => node.descriptor)
    .filter((d) => d.canvases.includes('chatflow') && d.type !== 'StickyNote')
  let flow = { nodes: [], edges: [], viewport: { x: 0, y: 0, zoom: 1 } }
  for (let i = 0; i < nodeCount; i++) {
    const descriptor = descriptors[i % descriptors.length]
    const id = uniqueNodeId(descriptor.name, flow.nodes)
    const node = createFlowNode(descriptor, id, { x: (i % 25) * 420, y: Math.floor(i / 25) * 700 })
    flow.nodes.push(node)
  }
  for (let t = 0; t < flow.nodes.length && flow.edges.length < edgeCount; t++) {
    const target = flow.nodes[t]
    for (const anchor of target.data.inputAnchors) {
      let linked = 0
      for (let s = 0; s < flow.nodes.length; s++) {
        const source = flow.nodes[s]
        const connection = outputHandles(source.data)
          .map((handle) => ({ source: source.id, target: target.id, sourceHandle: handle.id, targetHandle: anchor.id }))
          .find((candidate) => checkConnection(candidate, flow.nodes, flow.edges) === null)
        if (!connection) continue
        flow = addEdge(flow, connection)
        linked++
        if (!anchor.list || linked >= 8 || flow.edges.length >= edgeCount) break
      }
      if (flow.edges.length >= edgeCount) break
    }
  }
  return flow
}

