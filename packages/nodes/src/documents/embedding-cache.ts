import { createHash } from 'node:crypto'
import type { Embedder } from '../providers/embedder.js'
import { createLruCache } from './lru-cache.js'

// Vectors of the documents a flow embedded, kept so the next run of the same flow does not embed
// them again (a paid API would charge each time). Keyed by the embedder and the exact texts, so any
// change to either embeds afresh; only texts' vectors are kept, never documents or metadata.

/** About 64 MB of vectors at most (4 bytes a number). */
const MAX_NUMBERS = 16_000_000
const MAX_SETS = 32

const cache = createLruCache<Float32Array[]>({
  maxEntries: MAX_SETS,
  maxSize: MAX_NUMBERS,
  sizeOf: (vectors) => vectors.reduce((sum, vector) => sum + vector.length, 0),
})

function keyOf(embedderLabel: string, texts: string[]): string {
  const hash = createHash('sha256').update(embedderLabel)
  // Lengths before texts, so ["ab", "c"] and ["a", "bc"] differ.
  for (const text of texts) hash.update(`\u0000${text.length}:`).update(text)
  return hash.digest('base64')
}

/** The embedder's vectors for `texts`, in order, from the cache when these texts were embedded before. */
export async function embedCached(embedder: Embedder, texts: string[], signal: AbortSignal): Promise<Float32Array[]> {
  const key = keyOf(embedder.label, texts)
  const cached = cache.get(key)
  if (cached) return cached
  const vectors = await embedder.embed(texts, signal)
  if (vectors.length !== texts.length) {
    throw new Error(`${embedder.label} gave ${vectors.length} vectors for ${texts.length} texts.`)
  }
  const stored = vectors.map((vector) => Float32Array.from(vector))
  cache.set(key, stored)
  return stored
}
