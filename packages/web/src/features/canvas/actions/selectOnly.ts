import type { FlowData } from '@weft/core'
import { isSelected } from '../reactFlowTypes'

/** Select exactly these nodes, so what was just added can be moved or deleted at once. */
export function selectOnly(flow: FlowData, nodeIds: string[]): FlowData {
  const chosen = new Set(nodeIds)
  return {
    ...flow,
    nodes: flow.nodes.map((node) => (chosen.has(node.id) === isSelected(node) ? node : { ...node, selected: chosen.has(node.id) })),
    edges: flow.edges.map((edge) => (isSelected(edge) ? { ...edge, selected: false } : edge)),
  }
}
