import type { MetadataFilter } from '@weft/core'
import { filterSpellings } from './filter-spellings.js'
import { flattenMetadata, type FlatValue } from './flat-metadata.js'

// Pinecone keeps flat metadata only (texts, numbers, booleans, lists of texts): documents are
// stored as LangChain's Pinecone store (and so Flowise) stores them, the text under `text`.

/** The metadata key of the passage text, as Flowise's Pinecone node writes it. */
export const PINECONE_TEXT_KEY = 'text'

/** The document's metadata as Pinecone can keep it, with the text added. */
export function pineconeMetadata(pageContent: string, metadata: Record<string, unknown>): Record<string, FlatValue> {
  return { ...flattenMetadata(metadata, true), [PINECONE_TEXT_KEY]: pageContent }
}

/**
 * Pinecone's filter for the rule of matchesMetadataFilter: each key any of its value's spellings.
 * Pinecone's `$in` takes texts and numbers, booleans only `$eq`. Like Qdrant, Pinecone matches a
 * value inside a stored list, so the caller checks what it finds.
 */
export function pineconeFilter(filter: MetadataFilter | undefined): Record<string, unknown> | undefined {
  const entries = Object.entries(filter ?? {})
  if (entries.length === 0) return undefined
  const conditions = entries.map(([key, wanted]) => {
    if (key.startsWith('$')) throw new Error(`The metadata key ${JSON.stringify(key)} cannot be searched in Pinecone.`)
    const spellings = filterSpellings(wanted)
    const listed = spellings.filter((value) => typeof value !== 'boolean')
    const flags = spellings.filter((value) => typeof value === 'boolean')
    const parts = [{ [key]: { $in: listed } }, ...flags.map((flag) => ({ [key]: { $eq: flag } }))]
    return parts.length === 1 ? parts[0]! : { $or: parts }
  })
  return { $and: conditions }
}
