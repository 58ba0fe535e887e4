import type { FlowNode } from '@weft/core'
import { describeNode } from './describe-node.js'

/**
 * Groups nodes so that every node comes after the nodes it depends on: level 0 depends on nothing,
 * level n only on earlier levels. Nodes of one level are independent and may build together; within
 * a level they keep the flow's order, so runs are reproducible. Throws when the nodes form a cycle.
 */
export function dependencyLevels(
  nodes: readonly FlowNode[],
  dependsOn: ReadonlyMap<string, readonly string[]>,
): FlowNode[][] {
  const levels: FlowNode[][] = []
  const placed = new Set<string>()
  let waiting = [...nodes]
  while (waiting.length > 0) {
    const ready = waiting.filter((node) => (dependsOn.get(node.id) ?? []).every((id) => placed.has(id)))
    if (ready.length === 0) {
      throw new Error(`This flow has a cycle between: ${waiting.map(describeNode).join(', ')}`)
    }
    levels.push(ready)
    for (const node of ready) placed.add(node.id)
    waiting = waiting.filter((node) => !placed.has(node.id))
  }
  return levels
}
