import type { FlowEdge, FlowNode } from '@weft/core'
import { describeNode } from './describe-node.js'

/**
 * The node whose value answers the flow: the one no edge leaves. `nodes` and `edges` exclude sticky
 * notes. Throws a message the user can act on when there is none or more than one.
 */
export function findEndingNode(nodes: readonly FlowNode[], edges: readonly FlowEdge[]): FlowNode {
  const sources = new Set(edges.map((edge) => edge.source))
  const endings = nodes.filter((node) => !sources.has(node.id))
  if (endings.length === 0) throw new Error('This flow has no ending node')
  if (endings.length > 1) {
    throw new Error(`This flow has more than one ending node: ${endings.map(describeNode).join(', ')}`)
  }
  return endings[0]!
}
