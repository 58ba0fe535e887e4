import type { FlowEdge } from '../types/node.js'

/**
 * SPEC §5: would an edge `source → target` close a cycle? It does when `target` already reaches
 * `source` along existing edges (or is `source`), since flows run in dependency order.
 */
export function wouldCreateCycle(
  edges: readonly Pick<FlowEdge, 'source' | 'target'>[],
  source: string,
  target: string,
): boolean {
  const next = new Map<string, string[]>()
  for (const edge of edges) next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target])
  const seen = new Set<string>()
  const queue = [target]
  while (queue.length > 0) {
    const current = queue.pop()!
    if (current === source) return true
    if (seen.has(current)) continue
    seen.add(current)
    queue.push(...(next.get(current) ?? []))
  }
  return false
}
