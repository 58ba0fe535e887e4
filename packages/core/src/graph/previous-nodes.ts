import type { FlowData, FlowNode } from '../types/node.js'

/**
 * The nodes a run passes through before reaching `nodeId`, nearest first: what a Loop step may jump
 * back to. Sticky notes are never on a path, so they never appear.
 */
export function previousNodes(flow: FlowData, nodeId: string): FlowNode[] {
  const sourcesOf = new Map<string, string[]>()
  for (const edge of flow.edges) sourcesOf.set(edge.target, [...(sourcesOf.get(edge.target) ?? []), edge.source])
  const seen = new Set([nodeId])
  const order: string[] = []
  let frontier = [nodeId]
  while (frontier.length > 0) {
    const next: string[] = []
    for (const id of frontier) {
      for (const source of sourcesOf.get(id) ?? []) {
        if (seen.has(source)) continue
        seen.add(source)
        order.push(source)
        next.push(source)
      }
    }
    frontier = next
  }
  const byId = new Map(flow.nodes.map((node) => [node.id, node]))
  return order.map((id) => byId.get(id)).filter((node): node is FlowNode => node !== undefined)
}
