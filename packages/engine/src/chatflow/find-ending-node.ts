import type { FlowEdge, FlowNode } from '@weft/core'
import { skippedWhen } from './branch-skips.js'
import { describeNode } from './describe-node.js'
import type { PreparedChatflow, PreparedNode } from './prepare-chatflow.js'
import { isSetVariable } from './variable-order.js'

/**
 * The nodes that may answer the flow: those no edge leaves (sticky notes are not in `nodes`). A Set
 * Variable node that leads nowhere stores a value for a Get Variable node and is not one, unless
 * there is nothing else. Several are allowed when they sit on different paths of IfElse nodes, so
 * that no run keeps two of them. Throws a message the user can act on when there is none, or
 * several that one run could reach.
 */
export function findEndingNodes(nodes: ReadonlyMap<string, PreparedNode>, edges: readonly FlowEdge[]): string[] {
  const sources = new Set(edges.map((edge) => edge.source))
  const leadNowhere = [...nodes.values()].map((entry) => entry.node).filter((node) => !sources.has(node.id))
  const answering = leadNowhere.filter((node) => !isSetVariable(node))
  const endings = answering.length > 0 ? answering : leadNowhere
  if (endings.length === 0) throw new Error('This flow has no ending node')
  if (endings.length > 1 && !onSeparatePaths(endings, nodes)) throw moreThanOne(endings)
  return endings.map((node) => node.id)
}

/** The ending node of this run: the one left after the branches skipped their untaken paths. */
export function takenEndingNode(prepared: PreparedChatflow, skipped: ReadonlySet<string>): FlowNode {
  const kept = prepared.endingNodeIds.filter((id) => !skipped.has(id)).map((id) => prepared.nodes.get(id)!.node)
  if (kept.length === 0) throw new Error('This flow has no ending node on the path this question took')
  if (kept.length > 1) throw moreThanOne(kept)
  return kept[0]!
}

/** Whether every two endings have a branch node whose every choice skips at least one of them. */
function onSeparatePaths(endings: readonly FlowNode[], nodes: ReadonlyMap<string, PreparedNode>): boolean {
  const splits = [...nodes.values()]
    .filter((entry) => Object.keys(entry.targetsByOutput).length > 1)
    .map((entry) => Object.keys(entry.targetsByOutput).map((output) => skippedWhen(nodes, entry.node.id, output)))
  return endings.every(({ id: a }, index) =>
    endings
      .slice(index + 1)
      .every(({ id: b }) => splits.some((choices) => choices.every((skipped) => skipped.has(a) || skipped.has(b)))),
  )
}

function moreThanOne(endings: readonly FlowNode[]): Error {
  return new Error(`This flow has more than one ending node: ${endings.map(describeNode).join(', ')}`)
}
