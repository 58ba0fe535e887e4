// A metadata filter as Flowise's vector stores take it: `{ "source": "handbook.pdf", "page": 2 }`
// keeps the chunks whose metadata has every key with that value. One rule for every store: the
// embedded store applies it directly, pgvector and Qdrant translate it to their own queries.

/** Every key must equal its value; an empty filter keeps everything. */
export type MetadataFilter = Record<string, string | number | boolean>

/** True when the metadata has each key of the filter with an equal value (numbers and their text alike). */
export function matchesMetadataFilter(metadata: Record<string, unknown>, filter: MetadataFilter | undefined): boolean {
  if (!filter) return true
  return Object.entries(filter).every(([key, wanted]) => {
    const value = metadata[key]
    if (value === wanted) return true
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') {
      return String(value) === String(wanted)
    }
    return false
  })
}

/**
 * Reads a filter a user typed or a client sent: a JSON object (or its text) of plain values.
 * Answers the filter, or a message naming what is wrong.
 */
export function readMetadataFilter(value: unknown): { filter?: MetadataFilter; error?: string } {
  if (value === undefined || value === null || value === '') return {}
  let parsed = value
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value)
    } catch {
      return { error: 'The metadata filter must be a JSON object such as { "source": "handbook.pdf" }.' }
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { error: 'The metadata filter must be a JSON object such as { "source": "handbook.pdf" }.' }
  }
  const filter: MetadataFilter = {}
  for (const [key, wanted] of Object.entries(parsed)) {
    if (typeof wanted !== 'string' && typeof wanted !== 'number' && typeof wanted !== 'boolean') {
      return { error: `The metadata filter's "${key}" must be a text, a number or true/false.` }
    }
    filter[key] = wanted
  }
  return Object.keys(filter).length > 0 ? { filter } : {}
}
