// Stores that keep flat metadata only (Pinecone, Chroma) get documents' metadata as LangChain's
// stores (and so Flowise) write it: nested objects flattened to dotted keys and nulls dropped. A
// list the store cannot keep is written as its JSON text.

export type FlatValue = string | number | boolean | string[]

/** The metadata flattened; lists of texts kept as lists when `keepTextLists`, else as JSON text. */
export function flattenMetadata(metadata: Record<string, unknown>, keepTextLists: boolean): Record<string, FlatValue> {
  const flat: Record<string, FlatValue> = {}
  const visit = (value: unknown, key: string) => {
    if (value === null || value === undefined) return
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') flat[key] = value
    else if (Array.isArray(value)) {
      flat[key] = keepTextLists && value.every((item) => typeof item === 'string') ? value : JSON.stringify(value)
    } else if (typeof value === 'object') {
      for (const [inner, item] of Object.entries(value)) visit(item, key ? `${key}.${inner}` : inner)
    }
  }
  visit(metadata, '')
  return flat
}
