import type { FoundChunk, MetadataFilter, SourceDocument, VectorQuery, VectorQueryResult } from '@weft/core'
import { markFailure, readMetadataFilter } from '@weft/core'
import type { DocumentStoreSearch, VectorCollection } from '@weft/nodes'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { listStoreRows } from '../db/repositories/document-stores.repository.js'
import { badRequest } from '../http-error.js'
import { readStoreChunks } from './document-store-chunks.js'
import { storeVectors, type StoreVectors } from './document-store-vectors.js'
import { readObject, requireStore, type ComponentConfig } from './document-stores.service.js'

// Searching a store: its query embedded with the store's embedding, its vector store asked for the
// closest chunks. The query screen, `/vectorstore/query`, the Document Store retriever node and the
// agentflow Retriever step all search through here.

const DEFAULT_TOP_K = 4
const MAX_TOP_K = 100

interface Opened {
  key: string
  vectors: StoreVectors
  /** Opened at the first search, for the length of its query's vector (no extra embedding call). */
  collection?: Promise<VectorCollection>
}

/** Stores searched lately, kept open (a pgvector pool, an embedded index): one per store, newest settings. */
const openStores = new Map<string, Opened>()
const OPEN_STORES_MAX = 32

async function openStore(
  ctx: AppContext,
  workspaceId: string,
  storeId: string,
  configs: { embedding: ComponentConfig; vectorStore: ComponentConfig },
): Promise<Opened> {
  const cacheKey = `${workspaceId}/${storeId}`
  const key = JSON.stringify(configs)
  const open = openStores.get(cacheKey)
  if (open?.key === key) return open
  if (open) closeOpened(cacheKey, open)
  const vectors = await storeVectors(ctx, workspaceId, storeId, configs, new AbortController().signal)
  const opened: Opened = { key, vectors }
  openStores.set(cacheKey, opened)
  if (openStores.size > OPEN_STORES_MAX) {
    const [oldestKey, oldest] = openStores.entries().next().value!
    closeOpened(oldestKey, oldest)
  }
  return opened
}

function closeOpened(cacheKey: string, opened: Opened) {
  openStores.delete(cacheKey)
  opened.collection?.then((collection) => collection.close()).catch(() => {})
}

/**
 * Closes the stores kept open with credential `credentialId` among their settings (all of them for
 * null), so the next search reads its changed values: an open store holds them from when it opened.
 */
export function forgetStoresUsing(credentialId: string | null): void {
  for (const [cacheKey, opened] of [...openStores]) {
    if (credentialId === null || opened.key.includes(JSON.stringify(credentialId))) closeOpened(cacheKey, opened)
  }
}

/** The store's collection, opened once for vectors of this length; a failed open is tried again next time. */
function collectionOf(opened: Opened, dimensions: number): Promise<VectorCollection> {
  if (!opened.collection) {
    const collection = opened.vectors.open(dimensions)
    opened.collection = collection
    collection.catch(() => {
      if (opened.collection === collection) delete opened.collection
    })
  }
  return opened.collection
}

/** Lets go of every store kept open (app close). */
export async function closeOpenStores(): Promise<void> {
  const all = [...openStores.entries()]
  openStores.clear()
  await Promise.all(all.map(([, opened]) => opened.collection?.then((c) => c.close()).catch(() => {})))
}

/** The `k` chunks of the store closest to the query that match the filter, closest first. */
export async function searchStore(
  ctx: AppContext,
  workspaceId: string,
  storeId: string,
  query: string,
  options: { k?: number | undefined; filter?: MetadataFilter | undefined; signal?: AbortSignal | undefined },
): Promise<FoundChunk[]> {
  const store = await requireStore(ctx, { workspaceId }, storeId)
  const embedding = readObject<ComponentConfig>(store.embedding_config)
  const vectorStore = readObject<ComponentConfig>(store.vector_store_config)
  if (!embedding || !vectorStore) {
    // A flow's owner fixes this (upsert the store): a run that reads it answers 422, the query route 400.
    throw markFailure(
      badRequest(`Document store "${store.name}" has not been upserted yet: upsert its chunks first.`),
      'configuration',
    )
  }
  const opened = await openStore(ctx, workspaceId, storeId, { embedding, vectorStore })
  const [vector] = await opened.vectors.embedder.embed([query], options.signal)
  if (!vector) throw new Error(`${opened.vectors.embeddingLabel} gave no vector for the query.`)
  const k = Math.min(MAX_TOP_K, Math.max(1, Math.round(options.k ?? DEFAULT_TOP_K)))
  const found = await (await collectionOf(opened, vector.length)).search(vector, k, options.filter, options.signal)
  return found.map(({ id, document, score }) => ({
    id: id ?? '',
    pageContent: document.pageContent,
    metadata: document.metadata,
    score,
  }))
}

/** POST /api/v1/document-store/vectorstore/query. */
export async function queryStore(ctx: AppContext, principal: Principal, body: VectorQuery): Promise<VectorQueryResult> {
  const { filter, error } = readMetadataFilter(body.filter)
  if (error) throw badRequest(`filter: ${error}`)
  if (body.query.trim() === '') throw badRequest('query: type what to search for')
  const started = performance.now()
  const docs = await searchStore(ctx, principal.workspaceId, body.storeId, body.query, { k: body.topK, filter })
  return { timeTaken: Math.round(performance.now() - started), docs }
}

/** Stores of the workspace that hold vectors to search, for pickers (Retriever step, Document Store node). */
export async function searchableStores(ctx: AppContext, workspaceId: string) {
  const rows = await listStoreRows(ctx.db, { workspaceId })
  return rows
    .filter((row) => row.vector_store_config !== null && row.embedding_config !== null)
    .map((row) => ({ id: row.id, name: row.name, description: row.description }))
}

/** The workspace's stores as flows search them. */
export function documentStoreSearch(ctx: AppContext, workspaceId: string): DocumentStoreSearch {
  return {
    list: () => searchableStores(ctx, workspaceId),
    search: async (storeId, query, options) =>
      (await searchStore(ctx, workspaceId, storeId, query, options)).map(({ pageContent, metadata, score }) => ({
        document: { pageContent, metadata },
        score,
      })),
    chunks: (storeId) => readStoreChunks(ctx, workspaceId, storeId),
  }
}

/** What the agentflow Retriever step and Agent knowledge ask: the closest chunks of several stores, best first. */
export async function retrieveFromStores(
  ctx: AppContext,
  workspaceId: string,
  request: { storeIds: string[]; query: string; topK?: number; signal: AbortSignal },
): Promise<SourceDocument[]> {
  const k = request.topK ?? DEFAULT_TOP_K
  const found = await Promise.all(
    request.storeIds.map((storeId) =>
      searchStore(ctx, workspaceId, storeId, request.query, { k, signal: request.signal }),
    ),
  )
  return found
    .flat()
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map(({ pageContent, metadata }) => ({ pageContent, metadata }))
}
