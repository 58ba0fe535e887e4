import type { MetadataFilter, SourceDocument } from '@weft/core'
import type { ScoredDocument } from './vector-index.js'

// Where vectors are kept between runs: the embedded store in the data folder, PostgreSQL with
// pgvector, Qdrant. Document store upserts write through it, queries and flows read through it.

/** One chunk as a store keeps it: its id (the chunk's), its vector and the document. */
export interface VectorRecord {
  id: string
  vector: number[]
  document: SourceDocument
}

/**
 * What an upsert changed: the ids of records new to the collection, and how many records it
 * rewrote or already held exactly as given (left alone).
 */
export interface UpsertChanges {
  added: string[]
  updated: number
  skipped: number
}

/** A named set of vectors of one length in one store. */
export interface VectorCollection {
  /** For messages, e.g. "Embedded Vector Store (handbook)". */
  label: string
  /**
   * Adds the records, replacing those with the same ids. One call is written whole or not at all.
   * Answers what changed when the store can tell (Qdrant cannot: it writes every point).
   */
  upsert: (records: VectorRecord[], signal?: AbortSignal) => Promise<UpsertChanges | void>
  /** Removes the records with these ids; unknown ids are ignored. */
  delete: (ids: string[], signal?: AbortSignal) => Promise<void>
  /** Removes every record. */
  clear: (signal?: AbortSignal) => Promise<void>
  /** The `k` closest records that match the filter, closest first; `score` is cosine similarity. */
  search: (vector: number[], k: number, filter?: MetadataFilter, signal?: AbortSignal) => Promise<ScoredDocument[]>
  /** The record ids it holds, for consistency checks (small collections) and tests. */
  ids: (signal?: AbortSignal) => Promise<string[]>
  count: (signal?: AbortSignal) => Promise<number>
  /** Lets go of connections or files; the collection is not used after. */
  close: () => Promise<void>
}
