import { describe, expect, it } from 'vitest'
import { cosineSimilarity } from '../../documents/vector-index.js'
import { FlatVectors, TopK } from './flat-vectors.js'
import { randomVector, seededRandom } from './test-vectors.js'

describe('flat vectors', () => {
  it('scores by cosine similarity, closest first, through growth, removals and shrinking', () => {
    const random = seededRandom(3)
    const flat = new FlatVectors(8, 2)
    const kept = new Map<number, number[]>()
    for (let label = 0; label < 300; label++) {
      const vector = randomVector(random, 8)
      flat.add(label, vector)
      kept.set(label, vector)
    }
    for (let label = 0; label < 300; label += 3) {
      expect(flat.remove(label)).toBe(true)
      kept.delete(label)
    }
    for (let label = 1; label < 250; label += 3) {
      flat.remove(label)
      kept.delete(label)
    }
    expect(flat.remove(0)).toBe(false)
    expect(flat.size).toBe(kept.size)
    expect([...flat.labels()].sort((a, b) => a - b)).toEqual([...kept.keys()].sort((a, b) => a - b))

    const query = randomVector(random, 8)
    const unitQuery = Float32Array.from(query, (value) => value / Math.hypot(...query))
    const expected = [...kept]
      .map(([label, vector]) => ({ label, score: cosineSimilarity(query, vector) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 5)
    const found = flat.search(unitQuery, 5)
    expect(found.map(({ label }) => label)).toEqual(expected.map(({ label }) => label))
    found.forEach(({ score }, i) => expect(score).toBeCloseTo(expected[i]!.score, 5))
    const even = flat.search(unitQuery, 3, (label) => label % 2 === 0)
    expect(even.map(({ label }) => label)).toEqual(
      [...kept]
        .filter(([label]) => label % 2 === 0)
        .map(([label, vector]) => ({ label, score: cosineSimilarity(query, vector) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 3)
        .map(({ label }) => label),
    )
  })

  it('keeps the k best of a stream', () => {
    const top = new TopK(3)
    ;[0.1, 0.9, 0.3, 0.7, 0.2, 0.8].forEach((score, label) => top.offer(label, score))
    expect(top.items).toEqual([
      { label: 1, score: 0.9 },
      { label: 5, score: 0.8 },
      { label: 3, score: 0.7 },
    ])
  })
})
