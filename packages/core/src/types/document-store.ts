// Document stores: documents a workspace keeps apart from any flow, split into chunks, embedded and
// upserted into a vector store that flows then query. Field names follow Flowise's document store
// API (`/api/v1/document-store/...`), so its clients and exports read ours. Every value is plain JSON.

/** Where a store stands, as its card shows it (Flowise's names). */
export const DOCUMENT_STORE_STATUSES = ['EMPTY', 'SYNC', 'SYNCING', 'STALE', 'NEW', 'UPSERTING', 'UPSERTED'] as const
export type DocumentStoreStatus = (typeof DOCUMENT_STORE_STATUSES)[number]

/** Where one loader stands: configured (NEW), being processed, processed (SYNC), or failed. */
export type LoaderStatus = 'NEW' | 'SYNCING' | 'SYNC' | 'STALE' | 'ERROR'

/** A file a loader reads, uploaded into the store. */
export interface DocumentStoreFile {
  id: string
  name: string
  mimePrefix: string
  size: number
  uploaded: string
}

/**
 * One source of a store's documents: a loader node (plain text, CSV, JSON, PDF, …) with its settings,
 * and the splitter that cuts what it loads into chunks (Flowise's IDocumentStoreLoader).
 */
export interface DocumentStoreLoader {
  id: string
  /** The loader node's name, e.g. `plainText`, `csvFile`. */
  loaderId: string
  /** Its label, e.g. "Plain Text". */
  loaderName: string
  /** The loader node's inputs. Files are referenced by id (`files`), never sent back as content. */
  loaderConfig: Record<string, unknown>
  /** The splitter node's name, e.g. `recursiveCharacterTextSplitter`; absent: one chunk per document. */
  splitterId?: string
  splitterName?: string
  splitterConfig?: Record<string, unknown>
  totalChunks: number
  totalChars: number
  status: LoaderStatus
  files?: DocumentStoreFile[]
  /** What the loader reads, for lists: the file names, or the first words of a pasted text. */
  source?: string
  /** Why the last processing failed. */
  error?: string
  /** Metadata added to every chunk, and the loader's metadata keys left out (`*` for all). */
  metadata?: Record<string, unknown>
  omitMetadataKeys?: string
}

/** A document store (GET /api/v1/document-store/store/:id). */
export interface DocumentStore {
  id: string
  name: string
  description: string
  status: DocumentStoreStatus
  loaders: DocumentStoreLoader[]
  /** The flows that query this store: their ids and names. */
  whereUsed: { id: string; name: string }[]
  /** `{ name, config }` of the embedding chosen for upserts, or null. */
  embeddingConfig: { name: string; config: Record<string, unknown> } | null
  /** `{ name, config }` of the vector store chosen for upserts, or null. */
  vectorStoreConfig: { name: string; config: Record<string, unknown> } | null
  recordManagerConfig: { name: string; config: Record<string, unknown> } | null
  totalChunks: number
  totalChars: number
  createdDate: string
  updatedDate: string
}

/** One chunk of a loader's documents (Flowise's DocumentStoreFileChunk). */
export interface DocumentStoreChunk {
  id: string
  /** The loader it came from. */
  docId: string
  storeId: string
  /** Its place among the loader's chunks, from 0. */
  chunkNo: number
  pageContent: string
  metadata: Record<string, unknown>
}

/** POST /api/v1/document-store/loader/preview and /loader/save: a loader's settings. */
export interface LoaderSettings {
  storeId: string
  /** Set to change an existing loader. */
  id?: string
  loaderId: string
  loaderName?: string
  loaderConfig: Record<string, unknown>
  splitterId?: string
  splitterName?: string
  splitterConfig?: Record<string, unknown>
  /** Metadata to add to every chunk, and metadata keys to leave out (`*` for all of the loader's). */
  metadata?: Record<string, unknown>
  omitMetadataKeys?: string
  /** Preview only: how many chunks to show. */
  previewChunkCount?: number
}

/** What a preview answers: the first chunks and how many there would be in all. */
export interface LoaderPreview {
  chunks: { pageContent: string; metadata: Record<string, unknown> }[]
  totalChunks: number
  previewChunkCount: number
}

/** GET /api/v1/document-store/chunks/:storeId/:loaderId/:pageNo (page from 1, 50 chunks a page). */
export interface ChunkPage {
  chunks: DocumentStoreChunk[]
  count: number
  file: DocumentStoreLoader
  currentPage: number
  storeName: string
  description: string
}

/** Long work on a store (processing a loader, upserting), with its progress; survives a page reload. */
export interface DocumentStoreJob {
  id: string
  storeId: string
  loaderId: string | null
  kind: 'process' | 'upsert'
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'interrupted'
  /** Units done of the total (chunks), for the progress bar. */
  done: number
  total: number
  error: string | null
  createdDate: string
  updatedDate: string
}

/**
 * POST /api/v1/document-store/vectorstore/save and /vectorstore/insert: the embedding and vector
 * store a store's chunks are upserted with. Configs are the nodes' inputs; a credential is its id
 * under `credential`.
 */
export interface VectorStoreSettings {
  storeId: string
  /** Insert only: upsert only this loader's chunks (the /document-stores/vector/{storeId}/{docId} screen). */
  docId?: string
  embeddingName: string
  embeddingConfig: Record<string, unknown>
  vectorStoreName: string
  vectorStoreConfig: Record<string, unknown>
  /** `recordManager` to skip chunks that did not change since the last upsert; absent or null: re-embed all. */
  recordManagerName?: string | null
  recordManagerConfig?: Record<string, unknown> | null
}

/** What an upsert did, Flowise's counts. */
export interface UpsertResult {
  numAdded: number
  numUpdated: number
  numSkipped: number
  numDeleted: number
}

/** One upsert of a store, kept for its history (GET /api/v1/document-store/upsert-history/:storeId). */
export interface UpsertHistoryEntry {
  id: string
  storeId: string
  jobId: string
  status: DocumentStoreJob['status']
  /** Null until the upsert is over. */
  result: UpsertResult | null
  embeddingName: string
  vectorStoreName: string
  error: string | null
  date: string
}

/** POST /api/v1/document-store/vectorstore/query. `filter`: metadata every result must have. */
export interface VectorQuery {
  storeId: string
  query: string
  topK?: number
  filter?: Record<string, string | number | boolean> | string
}

/** One found chunk: its id, text, metadata (with `source`) and cosine similarity. */
export interface FoundChunk {
  id: string
  pageContent: string
  metadata: Record<string, unknown>
  score: number
}

/** What a query answers: the chunks, closest first, and how long the search took in milliseconds. */
export interface VectorQueryResult {
  timeTaken: number
  docs: FoundChunk[]
}
