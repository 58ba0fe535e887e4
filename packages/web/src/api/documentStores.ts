import {
  type ChunkPage,
  type DocumentStore,
  type DocumentStoreChunk,
  type DocumentStoreFile,
  type DocumentStoreJob,
  type DocumentStoreLoader,
  type LoaderPreview,
  type LoaderSettings,
  type NodeDescriptor,
  type UpsertHistoryEntry,
  type VectorQuery,
  type VectorQueryResult,
  type VectorStoreSettings,
} from '@weft/core'
import { api } from './http'
import { postFiles } from './postFiles'

// Flowise's paths, so its clients call ours unchanged.
const BASE = '/document-store'
const part = encodeURIComponent

export interface StoreFields {
  name: string
  description: string
}

export const listStores = () => api.get<DocumentStore[]>(`${BASE}/store`)

export const getStore = (id: string) => api.get<DocumentStore>(`${BASE}/store/${part(id)}`)

export const createStore = (body: StoreFields) => api.post<DocumentStore>(`${BASE}/store`, body)

export const updateStore = (id: string, body: StoreFields) => api.put<DocumentStore>(`${BASE}/store/${part(id)}`, body)

export const deleteStore = (id: string) => api.delete<unknown>(`${BASE}/store/${part(id)}`)

/** Uploads one file into a store, as multipart/form-data with the file under `files`. */
export const uploadStoreFile = (storeId: string, file: File) =>
  postFiles<DocumentStoreFile>(`${BASE}/files/${part(storeId)}`, [file])

/**
 * The node catalogue for the loader and splitter pickers. Someone who may see document stores but
 * not flows gets a 403 here: the page says so instead of leaving for /unauthorized.
 */
export const listCatalogue = () => api.get<NodeDescriptor[]>('/nodes', { navigateOnForbidden: false })

export const previewLoader = (body: LoaderSettings) => api.post<LoaderPreview>(`${BASE}/loader/preview`, body)

/** Saves a loader's settings (a new loader, or the one `body.id` names) without processing it. */
export const saveLoader = (body: LoaderSettings) => api.post<DocumentStoreLoader>(`${BASE}/loader/save`, body)

/** Starts processing a saved loader in the background; its progress is read with listJobs. */
export const processLoader = (loaderId: string) =>
  api.post<DocumentStoreJob>(`${BASE}/loader/process/${part(loaderId)}`)

export const deleteLoader = (storeId: string, loaderId: string) =>
  api.delete<unknown>(`${BASE}/loader/${part(storeId)}/${part(loaderId)}`)

/** One page (from 1, 50 chunks a page) of a loader's chunks, only those containing `search` when given. */
export function getChunks(storeId: string, loaderId: string, page: number, search = '') {
  const query = search.trim() ? `?search=${part(search.trim())}` : ''
  return api.get<ChunkPage>(`${BASE}/chunks/${part(storeId)}/${part(loaderId)}/${page}${query}`)
}

export interface ChunkChange {
  pageContent: string
  metadata: Record<string, unknown>
}

const chunkPath = (chunk: Pick<DocumentStoreChunk, 'storeId' | 'docId' | 'id'>) =>
  `${BASE}/chunks/${part(chunk.storeId)}/${part(chunk.docId)}/${part(chunk.id)}`

export const updateChunk = (chunk: DocumentStoreChunk, body: ChunkChange) =>
  api.put<DocumentStoreChunk>(chunkPath(chunk), body)

export const deleteChunk = (chunk: DocumentStoreChunk) => api.delete<unknown>(chunkPath(chunk))

export const listJobs = (storeId: string) => api.get<DocumentStoreJob[]>(`${BASE}/jobs/${part(storeId)}`)

export const cancelJob = (jobId: string) => api.post<DocumentStoreJob>(`${BASE}/jobs/${part(jobId)}/cancel`)

/** The embedding nodes an upsert can use (those that run here), for the vector store screen's picker. */
export const listEmbeddingComponents = () => api.get<NodeDescriptor[]>(`${BASE}/components/embeddings`)

/** The vector store nodes an upsert can write into. */
export const listVectorStoreComponents = () => api.get<NodeDescriptor[]>(`${BASE}/components/vectorstore`)

/** Saves the embedding, vector store and record manager a store upserts with, without upserting. */
export const saveVectorConfig = (body: VectorStoreSettings) => api.post<DocumentStore>(`${BASE}/vectorstore/save`, body)

/** Starts upserting the store's chunks (only `body.docId`'s when given) in the background; see listJobs. */
export const insertIntoVectorStore = (body: VectorStoreSettings) =>
  api.post<DocumentStoreJob>(`${BASE}/vectorstore/insert`, body)

/** Removes the store's vectors from its vector store; its chunks stay. */
export const deleteVectorData = (storeId: string) => api.delete<DocumentStore>(`${BASE}/vectorstore/${part(storeId)}`)

export const queryVectorStore = (body: VectorQuery) => api.post<VectorQueryResult>(`${BASE}/vectorstore/query`, body)

/** The store's upserts, newest first. */
export const listUpsertHistory = (storeId: string) =>
  api.get<UpsertHistoryEntry[]>(`${BASE}/upsert-history/${part(storeId)}`)
