import type { PreparedNode } from './prepare-chatflow.js'

/**
 * The nodes a run skips when `branchId` (an IfElse node) takes the output `taken`: every node
 * reached from its other outputs and not reached from the taken one. A node that takes the branch
 * node's value with no edge to say by which output counts as reached from the taken one.
 */
export function skippedWhen(nodes: ReadonlyMap<string, PreparedNode>, branchId: string, taken: string): Set<string> {
  const branch = nodes.get(branchId)
  if (!branch) return new Set()
  const byOutput = Object.entries(branch.targetsByOutput)
  const named = new Set(byOutput.flatMap(([, targets]) => targets))
  const live = reachedFrom(nodes, [
    ...(branch.targetsByOutput[taken] ?? []),
    ...branch.dependents.filter((id) => !named.has(id)),
  ])
  const dead = reachedFrom(
    nodes,
    byOutput.filter(([output]) => output !== taken).flatMap(([, targets]) => targets),
  )
  return new Set([...dead].filter((id) => !live.has(id)))
}

/** The seeds and every node that depends on them, directly or not. */
function reachedFrom(nodes: ReadonlyMap<string, PreparedNode>, seeds: readonly string[]): Set<string> {
  const reached = new Set<string>()
  const waiting = [...seeds]
  while (waiting.length > 0) {
    const id = waiting.pop()!
    if (reached.has(id)) continue
    reached.add(id)
    waiting.push(...(nodes.get(id)?.dependents ?? []))
  }
  return reached
}
