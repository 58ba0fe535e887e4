import type { VectorRecord } from '../../documents/vector-collection.js'

// Seeded vectors and records for the embedded store's tests and benchmark: the same seed gives the
// same numbers on every machine.

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function randomVector(random: () => number, dimensions: number): number[] {
  return Array.from({ length: dimensions }, () => random() * 2 - 1)
}

/** `count` records `r0`, `r1`, … with random vectors, and metadata `{ group: i % groups, n: i }`. */
export function randomRecords(count: number, dimensions: number, seed = 1, groups = 4): VectorRecord[] {
  const random = seededRandom(seed)
  return Array.from({ length: count }, (_, i) => ({
    id: `r${i}`,
    vector: randomVector(random, dimensions),
    document: { pageContent: `Record ${i}`, metadata: { group: `g${i % groups}`, n: i } },
  }))
}
