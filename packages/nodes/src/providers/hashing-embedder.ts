import type { Embedder } from './embedder.js'
import { contentWords } from './words.js'

/**
 * The built-in embedder: no model and no weights. Each word and each three-letter piece of a word
 * ("#re", "ref", "efu", …) is hashed to one of `dimensions` slots with a sign, then the vector is
 * scaled to length 1. Texts sharing words and word parts point the same way; texts saying the same
 * thing in other words do not: it is lexical, and its label says so. Same text → same vector.
 */
export const DEFAULT_HASHING_DIMENSIONS = 256

const WORD_WEIGHT = 1
const PIECE_WEIGHT = 0.5

/** FNV-1a, 32 bits: fast, stable across runs and machines. */
function hash(text: string): number {
  let value = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i)
    value = Math.imul(value, 0x01000193)
  }
  return value >>> 0
}

function add(vector: Float64Array, feature: string, weight: number): void {
  const value = hash(feature)
  // The top bit gives the sign, so colliding features cancel out instead of piling up.
  vector[value % vector.length]! += value & 0x80000000 ? -weight : weight
}

export function embedByHashing(text: string, dimensions = DEFAULT_HASHING_DIMENSIONS): number[] {
  const vector = new Float64Array(dimensions)
  for (const word of contentWords(text)) {
    add(vector, `w:${word}`, WORD_WEIGHT)
    const padded = `#${word}#`
    for (let i = 0; i + 3 <= padded.length; i++) add(vector, `p:${padded.slice(i, i + 3)}`, PIECE_WEIGHT)
  }
  let squares = 0
  for (const value of vector) squares += value * value
  const length = Math.sqrt(squares)
  return Array.from(vector, (value) => (length === 0 ? 0 : value / length))
}

export function hashingEmbedder(dimensions = DEFAULT_HASHING_DIMENSIONS): Embedder {
  const size = Number.isInteger(dimensions) && dimensions > 0 ? dimensions : DEFAULT_HASHING_DIMENSIONS
  return {
    kind: 'embedder',
    label: `Hashing embedder (lexical, ${size} dimensions)`,
    embed: async (texts, signal) => {
      signal?.throwIfAborted()
      return texts.map((text) => embedByHashing(text, size))
    },
  }
}
