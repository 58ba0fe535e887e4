import type { SourceDocument } from '@weft/core'

/** Documents and their vectors, searched exactly: every vector is compared with the query. */
export interface VectorIndex {
  documents: SourceDocument[]
  vectors: ArrayLike<number>[]
}

export interface ScoredDocument {
  /** The record's id, where the store keeps one (document store chunks). */
  id?: string
  document: SourceDocument
  /** Cosine similarity with the query, from -1 to 1. */
  score: number
}

export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`Vectors of ${a.length} and ${b.length} numbers cannot be compared.`)
  let dot = 0
  let aa = 0
  let bb = 0
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!
    aa += a[i]! * a[i]!
    bb += b[i]! * b[i]!
  }
  return aa === 0 || bb === 0 ? 0 : dot / Math.sqrt(aa * bb)
}

/** Indexes of the `k` vectors closest to the query, closest first; ties keep the documents' order. */
function closest(index: VectorIndex, query: ArrayLike<number>, k: number): { at: number; score: number }[] {
  return index.vectors
    .map((vector, at) => ({ at, score: cosineSimilarity(query, vector) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, Math.max(k, 0))
}

/** The `k` documents closest to the query, closest first. */
export function similaritySearch(index: VectorIndex, query: ArrayLike<number>, k: number): ScoredDocument[] {
  return closest(index, query, k).map(({ at, score }) => ({ document: index.documents[at]!, score }))
}

/**
 * Maximal marginal relevance: from the `fetchK` closest documents, picks `k` one at a time, each
 * time the one best balancing closeness to the query (weight `lambda`) against likeness to those
 * already picked (weight 1 − lambda), so near-duplicates do not fill the answer.
 */
export function mmrSearch(
  index: VectorIndex,
  query: ArrayLike<number>,
  { k, fetchK, lambda }: { k: number; fetchK: number; lambda: number },
): ScoredDocument[] {
  const candidates = closest(index, query, Math.max(fetchK, k))
  const picked: { at: number; score: number }[] = []
  while (picked.length < k && candidates.length > 0) {
    let best = 0
    let bestValue = -Infinity
    candidates.forEach((candidate, i) => {
      const vector = index.vectors[candidate.at]!
      const likeness = picked.length
        ? Math.max(...picked.map(({ at }) => cosineSimilarity(vector, index.vectors[at]!)))
        : 0
      const value = lambda * candidate.score - (1 - lambda) * likeness
      if (value > bestValue) {
        best = i
        bestValue = value
      }
    })
    picked.push(candidates.splice(best, 1)[0]!)
  }
  return picked.map(({ at, score }) => ({ document: index.documents[at]!, score }))
}
