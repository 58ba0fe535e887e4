import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { wouldCreateCycle } from './would-create-cycle.js'

const chain = [
  { source: 'a', target: 'b' },
  { source: 'b', target: 'c' },
]

describe('wouldCreateCycle', () => {
  it('refuses an edge that closes a loop, directly or through other nodes', () => {
    expect(wouldCreateCycle(chain, 'b', 'a')).toBe(true)
    expect(wouldCreateCycle(chain, 'c', 'a')).toBe(true)
  })

  it('allows an edge that keeps the graph acyclic, including a shortcut', () => {
    expect(wouldCreateCycle(chain, 'a', 'c')).toBe(false)
    expect(wouldCreateCycle(chain, 'c', 'd')).toBe(false)
    expect(wouldCreateCycle([], 'a', 'b')).toBe(false)
  })

  it('a self edge is a cycle', () => {
    expect(wouldCreateCycle([], 'a', 'a')).toBe(true)
  })

  it('property: adding only edges it allows keeps every graph acyclic (a topological order exists)', () => {
    const node = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f')
    fc.assert(
      fc.property(fc.array(fc.tuple(node, node), { maxLength: 40 }), (pairs) => {
        const edges: { source: string; target: string }[] = []
        for (const [source, target] of pairs) {
          if (!wouldCreateCycle(edges, source, target)) edges.push({ source, target })
        }
        expect(hasTopologicalOrder(edges)).toBe(true)
      }),
    )
  })
})

function hasTopologicalOrder(edges: { source: string; target: string }[]): boolean {
  let remaining = [...edges]
  for (;;) {
    const targets = new Set(remaining.map((edge) => edge.target))
    const next = remaining.filter((edge) => targets.has(edge.source))
    if (next.length === remaining.length) return remaining.length === 0
    remaining = next
  }
}
