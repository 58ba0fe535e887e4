import { isRecord } from '../runtime/read-input.js'

// Flowise passes a store's filter input to the store as it is, so saved flows may hold filters in
// the store's own language (Pinecone's and Chroma's `{ "page": { "$gte": 2 } }`, `$and`, `$or`).
// Plain values (`{ "source": "handbook.pdf" }`) are Weft's metadata filter, applied alike everywhere.

/** The filter input when it is written in the store's own language (operators or nested values). */
export function nativeFilterOf(raw: unknown, label: string, input: string): Record<string, unknown> | undefined {
  let value = raw
  if (typeof raw === 'string') {
    if (!raw.trim()) return undefined
    try {
      value = JSON.parse(raw)
    } catch {
      throw new Error(`${label}: ${input} must be JSON, e.g. { "source": "handbook.pdf" }.`)
    }
  }
  if (!isRecord(value)) return undefined
  const native = Object.entries(value).some(
    ([key, wanted]) => key.startsWith('$') || (typeof wanted === 'object' && wanted !== null),
  )
  return native ? value : undefined
}
