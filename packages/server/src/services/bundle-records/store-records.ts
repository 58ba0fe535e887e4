import {
  mappedId,
  type ChunkRecord,
  type IdMap,
  type LoaderRecord,
  type LoaderStatus,
  type StoreWithLoaders,
} from '@weft/core'
import type { Insertable } from 'kysely'
import type {
  DocumentStoreChunkRow,
  DocumentStoreChunksTable,
  DocumentStoreLoaderRow,
  DocumentStoreRow,
  DocumentStoresTable,
  NewDocumentStoreLoaderRow,
} from '../../db/tables.js'
import { storeStatusOf } from '../document-store-rules.js'
import { readObject } from '../document-stores.service.js'

const jsonOrNull = (value: Record<string, unknown> | undefined) => (value === undefined ? null : JSON.stringify(value))

export const toLoaderRecord = (row: DocumentStoreLoaderRow): LoaderRecord => ({
  id: row.id,
  storeId: row.store_id,
  loaderId: row.loader_id,
  loaderName: row.loader_name,
  loaderConfig: readObject(row.loader_config) ?? {},
  ...(row.splitter_id === null ? {} : { splitterId: row.splitter_id }),
  ...(row.splitter_name === null ? {} : { splitterName: row.splitter_name }),
  ...(row.splitter_config === null ? {} : { splitterConfig: readObject(row.splitter_config) ?? {} }),
  totalChunks: row.total_chunks,
  totalChars: row.total_chars,
  status: row.status,
  ...(row.metadata === null ? {} : { metadata: readObject(row.metadata) ?? {} }),
  ...(row.omit_metadata_keys === null ? {} : { omitMetadataKeys: row.omit_metadata_keys }),
  ...(row.error === null ? {} : { error: row.error }),
  createdDate: row.created_at,
  updatedDate: row.updated_at,
})

/** A store with its loaders, before sanitizeDocumentStore writes them as the record's JSON text. */
export const toStoreWithLoaders = (
  row: DocumentStoreRow,
  loaders: readonly DocumentStoreLoaderRow[],
): StoreWithLoaders => ({
  id: row.id,
  name: row.name,
  description: row.description,
  loaders: loaders.map(toLoaderRecord),
  // Weft works out which flows use a store when asked; the file keeps Flowise's field.
  whereUsed: '[]',
  status: row.status,
  vectorStoreConfig: row.vector_store_config,
  embeddingConfig: row.embedding_config,
  recordManagerConfig: row.record_manager_config,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
})

export const toChunkRecord = (row: DocumentStoreChunkRow): ChunkRecord => ({
  id: row.id,
  docId: row.loader_id,
  storeId: row.store_id,
  chunkNo: row.chunk_no,
  pageContent: row.page_content,
  metadata: row.metadata,
})

/** What a loader holds once imported: its chunks as the file has them. */
interface LoaderTotals {
  chunks: number
  chars: number
}

export function totalsByLoader(chunks: readonly ChunkRecord[]): Map<string, LoaderTotals> {
  const totals = new Map<string, LoaderTotals>()
  for (const chunk of chunks) {
    const total = totals.get(chunk.docId) ?? { chunks: 0, chars: 0 }
    totals.set(chunk.docId, { chunks: total.chunks + 1, chars: total.chars + chunk.pageContent.length })
  }
  return totals
}

/** No job is processing an imported loader, so one the export caught mid-way must be processed again. */
const importedStatus = (status: LoaderStatus): LoaderStatus => (status === 'SYNCING' ? 'STALE' : status)

export function toLoaderRow(
  loader: LoaderRecord,
  totals: LoaderTotals | undefined,
  ids: IdMap,
  workspaceId: string,
): NewDocumentStoreLoaderRow {
  return {
    id: mappedId(ids, loader.id),
    store_id: mappedId(ids, loader.storeId),
    workspace_id: workspaceId,
    loader_id: loader.loaderId,
    loader_name: loader.loaderName,
    loader_config: JSON.stringify(loader.loaderConfig),
    splitter_id: loader.splitterId ?? null,
    splitter_name: loader.splitterName ?? null,
    splitter_config: jsonOrNull(loader.splitterConfig),
    metadata: jsonOrNull(loader.metadata),
    omit_metadata_keys: loader.omitMetadataKeys ?? null,
    status: importedStatus(loader.status),
    total_chunks: totals?.chunks ?? 0,
    total_chars: totals?.chars ?? 0,
    error: loader.error ?? null,
    created_at: loader.createdDate,
    updated_at: loader.updatedDate,
  }
}

/**
 * The row an imported store becomes. Its vectors are not in the file, so its status is what its
 * loaders make it with no upsert kept (SYNC once they are processed): the store asks to be upserted again.
 */
export const toStoreRow = (
  store: StoreWithLoaders,
  ids: IdMap,
  workspaceId: string,
): Insertable<DocumentStoresTable> => ({
  id: mappedId(ids, store.id),
  workspace_id: workspaceId,
  name: store.name,
  description: store.description,
  status: storeStatusOf(store.loaders.map((loader) => importedStatus(loader.status))),
  embedding_config: store.embeddingConfig,
  vector_store_config: store.vectorStoreConfig,
  record_manager_config: store.recordManagerConfig,
  created_at: store.createdDate,
  updated_at: store.updatedDate,
})

export const toChunkRow = (
  chunk: ChunkRecord,
  ids: IdMap,
  workspaceId: string,
): Insertable<DocumentStoreChunksTable> => ({
  id: mappedId(ids, chunk.id),
  store_id: mappedId(ids, chunk.storeId),
  loader_id: mappedId(ids, chunk.docId),
  workspace_id: workspaceId,
  chunk_no: chunk.chunkNo,
  page_content: chunk.pageContent,
  metadata: chunk.metadata,
})
