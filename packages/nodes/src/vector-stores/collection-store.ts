import { readMetadataFilter, type MetadataFilter, type SourceDocument } from '@weft/core'
import { embedCached } from '../documents/embedding-cache.js'
import type { NodeRunContext, UpsertedDocuments } from '../define-node.js'
import { readDocuments } from '../documents/document.js'
import { readSearchSettings } from '../documents/search-settings.js'
import type { VectorStore } from '../documents/retriever.js'
import type { SearchSettings } from '../documents/search-settings.js'
import type { VectorCollection, VectorRecord } from '../documents/vector-collection.js'
import { mmrSearch, type ScoredDocument } from '../documents/vector-index.js'
import { isEmbedder, type Embedder } from '../providers/embedder.js'
import { documentRecordId } from './record-ids.js'

// A chatflow's vector store node over a collection in a database (pgvector, Qdrant): connected
// documents are written to it when the node is built, and every search opens it, asks, and lets go,
// so no connection outlives the run that needed it.

/** A found record with its stored vector, which Max Marginal Relevance compares. */
export interface VectorHit extends ScoredDocument {
  vector: number[]
}

/** A collection that can also answer the vectors of what it finds. */
export interface SearchableCollection extends VectorCollection {
  searchWithVectors: (
    vector: number[],
    k: number,
    filter?: MetadataFilter,
    signal?: AbortSignal,
  ) => Promise<VectorHit[]>
}

/** Opens the node's collection for vectors of this length. */
export type OpenCollection = (dimensions: number) => Promise<SearchableCollection>

async function withCollection<T>(
  open: OpenCollection,
  dimensions: number,
  work: (collection: SearchableCollection) => Promise<T>,
): Promise<T> {
  const collection = await open(dimensions)
  try {
    return await work(collection)
  } finally {
    await collection.close()
  }
}

/**
 * Embeds the documents (vectors kept between runs) and writes them under ids made from their text
 * and metadata, so building the node again replaces them rather than adding copies. Answers what
 * was written; a store that cannot tell new records from rewritten ones (Qdrant) counts every
 * record as added, as Flowise does for stores without a record manager.
 */
export async function upsertDocuments(
  open: OpenCollection,
  embedder: Embedder,
  documents: SourceDocument[],
  signal: AbortSignal,
): Promise<UpsertedDocuments> {
  if (documents.length === 0) return { numAdded: 0, numUpdated: 0, numSkipped: 0, addedDocs: [] }
  const vectors = await embedCached(
    embedder,
    documents.map((document) => document.pageContent),
    signal,
  )
  const records: VectorRecord[] = documents.map((document, at) => ({
    id: documentRecordId(document),
    vector: Array.from(vectors[at]!),
    document,
  }))
  const changes = await withCollection(open, records[0]!.vector.length, (collection) =>
    collection.upsert(records, signal),
  )
  const byId = new Map(records.map((record) => [record.id, record.document]))
  if (!changes) return { numAdded: byId.size, numUpdated: 0, numSkipped: 0, addedDocs: [...byId.values()] }
  return {
    numAdded: changes.added.length,
    numUpdated: changes.updated,
    numSkipped: changes.skipped,
    addedDocs: changes.added.flatMap((id) => byId.get(id) ?? []),
  }
}

export interface CollectionStoreOptions {
  label: string
  embedder: Embedder
  settings: SearchSettings
  filter?: MetadataFilter
  open: OpenCollection
}

/** The node's Vector Store output (and its retriever), searching the collection with the query's vector. */
export function collectionVectorStore({
  label,
  embedder,
  settings,
  filter,
  open,
}: CollectionStoreOptions): VectorStore {
  const embedQuery = async (query: string, signal: AbortSignal) => {
    const [vector] = await embedder.embed([query], signal)
    if (!vector) throw new Error(`${embedder.label} gave no vector for the question.`)
    return vector
  }
  const similaritySearch = async (query: string, k: number, signal: AbortSignal) => {
    const vector = await embedQuery(query, signal)
    return withCollection(open, vector.length, (collection) => collection.search(vector, k, filter, signal))
  }
  return {
    kind: 'vectorStore',
    label,
    similaritySearch,
    retriever: {
      kind: 'retriever',
      label,
      retrieve: async (query, signal) => {
        if (settings.type !== 'mmr')
          return (await similaritySearch(query, settings.k, signal)).map((hit) => hit.document)
        const vector = await embedQuery(query, signal)
        const candidates = await withCollection(open, vector.length, (collection) =>
          collection.searchWithVectors(vector, Math.max(settings.fetchK, settings.k), filter, signal),
        )
        const index = {
          documents: candidates.map((hit) => hit.document),
          vectors: candidates.map((hit) => hit.vector),
        }
        return mmrSearch(index, vector, settings).map((hit) => hit.document)
      },
    },
  }
}

/**
 * What a vector store node's run does, whichever store it is: checks the Embeddings input, reads
 * the metadata filter input (if the node has one), upserts the connected documents (telling
 * `scope.onUpsert`), and answers the store or its retriever as the chosen output asks.
 */
export async function runCollectionStore(
  context: NodeRunContext,
  open: OpenCollection,
  filterInput?: string,
): Promise<unknown> {
  const { inputs, output, label, scope } = context
  if (!isEmbedder(inputs.embeddings)) throw new Error('Connect an embeddings node to Embeddings.')
  const { filter, error } = filterInput ? readMetadataFilter(inputs[filterInput]) : {}
  if (error) throw new Error(`${label}: ${error}`)
  const upserted = await upsertDocuments(open, inputs.embeddings, readDocuments(inputs.document), scope.signal)
  scope.onUpsert?.(upserted)
  const store = collectionVectorStore({
    label,
    embedder: inputs.embeddings,
    settings: readSearchSettings(inputs),
    open,
    ...(filter ? { filter } : {}),
  })
  return output === 'vectorStore' ? store : store.retriever
}
