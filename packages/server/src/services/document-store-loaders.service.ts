import { randomUUID } from 'node:crypto'
import { wrongLoaderFileProblem, type DocumentStore, type LoaderPreview, type LoaderSettings } from '@weft/core'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import {
  findStoreFilesWithContent,
  listStoreFiles,
  setLoaderFiles,
} from '../db/repositories/document-store-files.repository.js'
import { findUnfinishedJob } from '../db/repositories/document-store-jobs.repository.js'
import { documentStoreLoadersRepository, findStoreLoader } from '../db/repositories/document-stores.repository.js'
import type { DocumentStoreLoaderRow } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { badRequest, conflict, notFound } from '../http-error.js'
import {
  checkRecipe,
  fileIdsOf,
  fileLoaderOf,
  loadChunks,
  loaderNode,
  splitterNode,
  type LoaderFile,
  type LoaderRecipe,
} from './document-store-loading.js'
import {
  getDocumentStore,
  readObject,
  refreshStoreStatus,
  requireStore,
  scopeOf,
  toLoader,
  type StoreLoader,
} from './document-stores.service.js'

/** Loader settings as the API takes them: the optional fields may also come as null. */
export type LoaderInput = Omit<
  LoaderSettings,
  'splitterId' | 'splitterName' | 'splitterConfig' | 'metadata' | 'omitMetadataKeys'
> & {
  splitterId?: string | null | undefined
  splitterName?: string | null | undefined
  splitterConfig?: Record<string, unknown> | null | undefined
  metadata?: Record<string, unknown> | null | undefined
  omitMetadataKeys?: string | null | undefined
}

export const DEFAULT_PREVIEW_CHUNKS = 20

/** How a saved loader reads its documents. */
export const recipeOfRow = (row: DocumentStoreLoaderRow, config: Record<string, unknown>): LoaderRecipe => ({
  loaderId: row.loader_id,
  loaderConfig: config,
  splitterId: row.splitter_id,
  splitterConfig: readObject(row.splitter_config),
  metadata: readObject(row.metadata),
  omitMetadataKeys: row.omit_metadata_keys,
})

/** The store's files with these ids, in their order and with content; an unknown id answers 400. */
export async function loaderFiles(
  ctx: Pick<AppContext, 'db'>,
  scope: WorkspaceScope,
  storeId: string,
  ids: readonly string[],
): Promise<LoaderFile[]> {
  const rows = new Map((await findStoreFilesWithContent(ctx.db, scope, storeId, ids)).map((row) => [row.id, row]))
  return ids.map((id) => {
    const row = rows.get(id)
    if (!row) throw badRequest(`loaderConfig.files: this store has no file ${id}; upload it first`)
    return { name: row.name, mime: row.mime, content: row.content }
  })
}

/** The first chunks the settings would make and how many they would make in all; nothing is stored. */
export async function previewLoader(
  ctx: AppContext,
  principal: Principal,
  settings: LoaderInput,
): Promise<LoaderPreview> {
  const scope = scopeOf(principal)
  await requireStore(ctx, scope, settings.storeId)
  const files = await loaderFiles(ctx, scope, settings.storeId, fileIdsOf(settings.loaderConfig))
  const chunks = await loadChunks(ctx, settings, files, AbortSignal.timeout(ctx.config.runTimeoutMs))
  const count = settings.previewChunkCount ?? DEFAULT_PREVIEW_CHUNKS
  return { chunks: chunks.slice(0, count), totalChunks: chunks.length, previewChunkCount: count }
}

const loaderNotFound = (id: string) => notFound(`Loader ${id} not found in this document store`)

/** The loader of that store of the caller's workspace, or 404. */
export async function requireLoader(
  ctx: AppContext,
  scope: WorkspaceScope,
  storeId: string,
  loaderId: string,
): Promise<DocumentStoreLoaderRow> {
  const row = await findStoreLoader(ctx.db, scope, storeId, loaderId)
  if (!row) throw loaderNotFound(loaderId)
  return row
}

const busy = () => conflict('This loader is being processed; wait for the job to finish or cancel it first.')

/**
 * Saves a new loader (status NEW) or changes one; its files become exactly those listed in
 * `loaderConfig.files` (uploaded to the store, not another loader's). A processed loader whose
 * settings are saved again is STALE: its chunks were made with the settings before.
 */
export async function saveLoader(ctx: AppContext, principal: Principal, settings: LoaderInput): Promise<StoreLoader> {
  const scope = scopeOf(principal)
  const { storeId } = settings
  await requireStore(ctx, scope, storeId)
  const existing = settings.id ? await requireLoader(ctx, scope, storeId, settings.id) : undefined
  if (existing && (await findUnfinishedJob(ctx.db, scope, { storeId, loaderId: existing.id }))) throw busy()
  checkRecipe(settings)
  const ids = fileIdsOf(settings.loaderConfig)
  const files = await listStoreFiles(ctx.db, scope, [storeId])
  for (const id of ids) {
    const file = files.find((candidate) => candidate.id === id)
    if (!file || (file.loader_id !== null && file.loader_id !== existing?.id)) {
      throw badRequest(`loaderConfig.files: this store has no file ${id} free for this loader; upload it first`)
    }
    const wrongType = wrongLoaderFileProblem(fileLoaderOf(loaderNode(settings.loaderId)), file.name, file.mime)
    if (wrongType) throw badRequest(`loaderConfig.files: ${wrongType}`)
  }
  const now = new Date().toISOString()
  const id = existing?.id ?? randomUUID()
  const fields = {
    loader_id: settings.loaderId,
    loader_name: settings.loaderName || loaderNode(settings.loaderId).descriptor.label,
    loader_config: JSON.stringify({ ...settings.loaderConfig, files: ids }),
    splitter_id: settings.splitterId || null,
    splitter_name: settings.splitterId
      ? settings.splitterName || splitterNode(settings.splitterId).descriptor.label
      : null,
    splitter_config: settings.splitterId ? JSON.stringify(settings.splitterConfig ?? {}) : null,
    metadata: settings.metadata ? JSON.stringify(settings.metadata) : null,
    omit_metadata_keys: settings.omitMetadataKeys?.trim() || null,
    updated_at: now,
  }
  await ctx.db.transaction().execute(async (trx) => {
    const loaders = documentStoreLoadersRepository(trx)
    if (existing) {
      await loaders.update(scope, id, { ...fields, status: existing.status === 'NEW' ? 'NEW' : 'STALE' })
    } else {
      await loaders.insert(scope, {
        ...fields,
        id,
        store_id: storeId,
        status: 'NEW',
        total_chunks: 0,
        total_chars: 0,
        error: null,
        created_at: now,
      })
    }
    await setLoaderFiles(trx, scope, id, ids)
    await refreshStoreStatus(trx, scope, storeId)
  })
  const row = await requireLoader(ctx, scope, storeId, id)
  return toLoader(row, await listStoreFiles(ctx.db, scope, [storeId]))
}

/** Deletes the loader with its files and chunks; answers the store as it is then. */
export async function deleteLoader(
  ctx: AppContext,
  principal: Principal,
  storeId: string,
  loaderId: string,
): Promise<DocumentStore> {
  const scope = scopeOf(principal)
  await requireLoader(ctx, scope, storeId, loaderId)
  if (await findUnfinishedJob(ctx.db, scope, { storeId, loaderId })) throw busy()
  await ctx.db.transaction().execute(async (trx) => {
    await documentStoreLoadersRepository(trx).remove(scope, loaderId)
    await refreshStoreStatus(trx, scope, storeId)
  })
  return getDocumentStore(ctx, principal, storeId)
}
