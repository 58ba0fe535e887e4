import { describe, expect, it } from 'vitest'
import { hashingEmbedder } from './hashing-embedder.js'

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i]!, 0)
const length = (vector: number[]) => Math.sqrt(cosine(vector, vector))

describe('the hashing embedder', () => {
  const embedder = hashingEmbedder()

  it('says it is lexical and how long its vectors are', () => {
    expect(embedder.label).toBe('Hashing embedder (lexical, 256 dimensions)')
    expect(hashingEmbedder(64).label).toBe('Hashing embedder (lexical, 64 dimensions)')
  })

  it('gives the same vector for the same text, of the chosen length, scaled to length 1', async () => {
    const [first, again, other] = await hashingEmbedder(64).embed([
      'Refunds within 30 days',
      'Refunds within 30 days',
      'x',
    ])
    expect(first).toEqual(again)
    expect(first).toHaveLength(64)
    expect(length(first!)).toBeCloseTo(1, 10)
    expect(length(other!)).toBeCloseTo(1, 10)
  })

  it('puts texts that share words closer than unrelated ones', async () => {
    const [question, related, unrelated] = await embedder.embed([
      'How do I get a refund?',
      'Refunds are possible within 30 days of purchase.',
      'The office is open Monday to Friday.',
    ])
    expect(cosine(question!, related!)).toBeGreaterThan(cosine(question!, unrelated!))
    expect(cosine(question!, related!)).toBeGreaterThan(0.2)
  })

  it('gives an empty text a vector of zeros rather than failing', async () => {
    const [empty] = await embedder.embed([''])
    expect(empty!.every((value) => value === 0)).toBe(true)
  })
})
