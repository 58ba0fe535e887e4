import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DocumentStore, DocumentStoreFile, DocumentStoreLoader, LoaderStatus } from '@weft/core'
import { markFailure } from '@weft/core'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { listStoreFiles, type FileListRow } from '../db/repositories/document-store-files.repository.js'
import { findUnfinishedJob, latestUpsertJob } from '../db/repositories/document-store-jobs.repository.js'
import { hasRecords } from '../db/repositories/document-store-vectors.repository.js'
import {
  documentStoresRepository,
  listLoaderRows,
  listStoreRows,
} from '../db/repositories/document-stores.repository.js'
import type { Database, DocumentStoreJobRow, DocumentStoreLoaderRow, DocumentStoreRow } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { conflict, notFound } from '../http-error.js'
import { storeStatusOf, type UpsertState } from './document-store-rules.js'

export const scopeOf = (principal: Principal): WorkspaceScope => ({ workspaceId: principal.workspaceId })

/** `{ name, config }` of an embedding, vector store or record manager. */
export interface ComponentConfig {
  name: string
  config: Record<string, unknown>
}

export interface StoreFields {
  name: string
  description?: string | undefined
  embeddingConfig?: ComponentConfig | null | undefined
  vectorStoreConfig?: ComponentConfig | null | undefined
  recordManagerConfig?: ComponentConfig | null | undefined
}

/** JSON text of an object, read back; null when absent or not an object (never thrown: rows are ours). */
export function readObject<T = Record<string, unknown>>(text: string | null): T | null {
  if (text === null) return null
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as T) : null
  } catch {
    return null
  }
}

export const toStoreFile = (row: FileListRow): DocumentStoreFile => ({
  id: row.id,
  name: row.name,
  mimePrefix: row.mime,
  size: row.size,
  uploaded: row.created_at,
})

const SOURCE_LENGTH = 60

/** What a loader reads, for lists: its files' names, or the first words of its pasted text. */
function sourceOf(config: Record<string, unknown>, files: readonly FileListRow[]): string | undefined {
  if (files.length > 0) return files.map((file) => file.name).join(', ')
  const text = typeof config.text === 'string' ? config.text.trim().replace(/\s+/g, ' ') : ''
  if (text === '') return undefined
  if (text.length <= SOURCE_LENGTH) return text
  const cut = text.slice(0, SOURCE_LENGTH)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : SOURCE_LENGTH)}…`
}

/** A loader as the API answers it, with Weft's own `metadata` and `omitMetadataKeys` for editing it again. */
export type StoreLoader = DocumentStoreLoader & { metadata?: Record<string, unknown>; omitMetadataKeys?: string }

export function toLoader(row: DocumentStoreLoaderRow, files: readonly FileListRow[]): StoreLoader {
  const config = readObject(row.loader_config) ?? {}
  const own = files.filter((file) => file.loader_id === row.id)
  const source = sourceOf(config, own)
  const metadata = readObject(row.metadata)
  return {
    id: row.id,
    loaderId: row.loader_id,
    loaderName: row.loader_name,
    loaderConfig: config,
    ...(row.splitter_id === null ? {} : { splitterId: row.splitter_id }),
    ...(row.splitter_name === null ? {} : { splitterName: row.splitter_name }),
    ...(row.splitter_config === null ? {} : { splitterConfig: readObject(row.splitter_config) ?? {} }),
    totalChunks: row.total_chunks,
    totalChars: row.total_chars,
    status: row.status,
    files: own.map(toStoreFile),
    ...(source === undefined ? {} : { source }),
    ...(row.error === null ? {} : { error: row.error }),
    ...(metadata === null ? {} : { metadata }),
    ...(row.omit_metadata_keys === null ? {} : { omitMetadataKeys: row.omit_metadata_keys }),
  }
}

function toDocumentStore(row: DocumentStoreRow, loaders: StoreLoader[]): DocumentStore {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    loaders,
    // Flows reading stores arrive with the retriever nodes; none can use one yet.
    whereUsed: [],
    embeddingConfig: readObject<ComponentConfig>(row.embedding_config),
    vectorStoreConfig: readObject<ComponentConfig>(row.vector_store_config),
    recordManagerConfig: readObject<ComponentConfig>(row.record_manager_config),
    totalChunks: loaders.reduce((sum, loader) => sum + loader.totalChunks, 0),
    totalChars: loaders.reduce((sum, loader) => sum + loader.totalChars, 0),
    createdDate: row.created_at,
    updatedDate: row.updated_at,
  }
}

/** The stores with their loaders and files, read in three queries whatever their number. */
async function withLoaders(ctx: AppContext, scope: WorkspaceScope, rows: DocumentStoreRow[]): Promise<DocumentStore[]> {
  const ids = rows.map((row) => row.id)
  const [loaders, files] = await Promise.all([listLoaderRows(ctx.db, scope, ids), listStoreFiles(ctx.db, scope, ids)])
  return rows.map((row) =>
    toDocumentStore(
      row,
      loaders.filter((loader) => loader.store_id === row.id).map((loader) => toLoader(loader, files)),
    ),
  )
}

// A route answers it 404; a flow run that names a store its workspace lacks answers 422 (the owner picks another).
const storeNotFound = (id: string) => markFailure(notFound(`Document store ${id} not found`), 'configuration')

/** The store of the caller's workspace, or 404. */
export async function requireStore(ctx: AppContext, scope: WorkspaceScope, id: string): Promise<DocumentStoreRow> {
  const row = await documentStoresRepository(ctx.db).find(scope, id)
  if (!row) throw storeNotFound(id)
  return row
}

export async function listDocumentStores(ctx: AppContext, principal: Principal): Promise<DocumentStore[]> {
  const scope = scopeOf(principal)
  return withLoaders(ctx, scope, await listStoreRows(ctx.db, scope))
}

export async function getDocumentStore(ctx: AppContext, principal: Principal, id: string): Promise<DocumentStore> {
  const scope = scopeOf(principal)
  const [store] = await withLoaders(ctx, scope, [await requireStore(ctx, scope, id)])
  return store!
}

const configText = (value: ComponentConfig | null | undefined) =>
  value === undefined ? undefined : value === null ? null : JSON.stringify(value)

export async function createDocumentStore(
  ctx: AppContext,
  principal: Principal,
  fields: StoreFields,
): Promise<DocumentStore> {
  const now = new Date().toISOString()
  const row = await documentStoresRepository(ctx.db).insert(scopeOf(principal), {
    id: randomUUID(),
    name: fields.name,
    description: fields.description ?? '',
    status: 'EMPTY',
    embedding_config: configText(fields.embeddingConfig) ?? null,
    vector_store_config: configText(fields.vectorStoreConfig) ?? null,
    record_manager_config: configText(fields.recordManagerConfig) ?? null,
    created_at: now,
    updated_at: now,
  })
  return toDocumentStore(row, [])
}

export async function updateDocumentStore(
  ctx: AppContext,
  principal: Principal,
  id: string,
  fields: Partial<StoreFields>,
): Promise<DocumentStore> {
  const patch = {
    name: fields.name,
    description: fields.description,
    embedding_config: configText(fields.embeddingConfig),
    vector_store_config: configText(fields.vectorStoreConfig),
    record_manager_config: configText(fields.recordManagerConfig),
    updated_at: new Date().toISOString(),
  }
  const definedOnly = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
  if (!(await documentStoresRepository(ctx.db).update(scopeOf(principal), id, definedOnly))) throw storeNotFound(id)
  return getDocumentStore(ctx, principal, id)
}

/** Deletes the store with its loaders, files, chunks and jobs; not while a job works on it. */
export async function deleteDocumentStore(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<{ deleted: number }> {
  const scope = scopeOf(principal)
  await requireStore(ctx, scope, id)
  if (await findUnfinishedJob(ctx.db, scope, { storeId: id })) {
    throw conflict('A job is working on this document store; wait for it to finish or cancel it first.')
  }
  if (!(await documentStoresRepository(ctx.db).remove(scope, id))) throw storeNotFound(id)
  return { deleted: 1 }
}

/** A loader the store's status counts at another status than its own: one whose failed job changed no chunk. */
export interface CountedAs {
  loaderId: string
  status: LoaderStatus
}

/**
 * Sets the store's status from its loaders' (after any of them changed); `db` may be a transaction.
 * With `countedAs`, that loader counts at the status it had before a job that failed without
 * changing its chunks, so the store keeps the status it had.
 */
export async function refreshStoreStatus(
  db: Kysely<Database>,
  scope: WorkspaceScope,
  storeId: string,
  countedAs?: CountedAs,
): Promise<void> {
  const loaders = await listLoaderRows(db, scope, [storeId])
  await documentStoresRepository(db).update(scope, storeId, {
    status: storeStatusOf(
      loaders.map((loader) => (loader.id === countedAs?.loaderId ? countedAs.status : loader.status)),
      upsertStateOf(await latestUpsertJob(db, scope, storeId), loaders, await hasRecords(db, scope, storeId)),
    ),
    updated_at: new Date().toISOString(),
  })
}

/** Whether the latest upsert runs, or finished after every loader last changed. */
function upsertStateOf(
  job: DocumentStoreJobRow | undefined,
  loaders: readonly DocumentStoreLoaderRow[],
  vectorsKept: boolean,
): UpsertState {
  if (!job) return 'none'
  if (job.status === 'queued' || job.status === 'running') return 'running'
  if (job.status !== 'done' || !vectorsKept) return 'none'
  return loaders.every((loader) => loader.updated_at <= job.updated_at) ? 'current' : 'outdated'
}
