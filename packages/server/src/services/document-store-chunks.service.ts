import type { ChunkPage, DocumentStoreChunk } from '@weft/core'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import {
  deleteLoaderChunk,
  findLoaderChunk,
  loaderChunkTotals,
  pageLoaderChunks,
  updateLoaderChunk,
} from '../db/repositories/document-store-chunks.repository.js'
import { listStoreFiles } from '../db/repositories/document-store-files.repository.js'
import { findUnfinishedJob } from '../db/repositories/document-store-jobs.repository.js'
import { documentStoreLoadersRepository } from '../db/repositories/document-stores.repository.js'
import type { DocumentStoreChunkRow } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { conflict, notFound } from '../http-error.js'
import { requireLoader } from './document-store-loaders.service.js'
import { readObject, requireStore, scopeOf, toLoader } from './document-stores.service.js'

/** Chunks on one page of the chunk list (Flowise's page size). */
export const CHUNKS_PER_PAGE = 50

const toChunk = (row: DocumentStoreChunkRow): DocumentStoreChunk => ({
  id: row.id,
  docId: row.loader_id,
  storeId: row.store_id,
  chunkNo: row.chunk_no,
  pageContent: row.page_content,
  metadata: readObject(row.metadata) ?? {},
})

/** A page of the loader's chunks (from 1), filtered by `search` in their content, with the loader and its store. */
export async function getChunkPage(
  ctx: AppContext,
  principal: Principal,
  ids: { storeId: string; loaderId: string },
  page: number,
  search: string | undefined,
): Promise<ChunkPage> {
  const scope = scopeOf(principal)
  const store = await requireStore(ctx, scope, ids.storeId)
  const loader = await requireLoader(ctx, scope, ids.storeId, ids.loaderId)
  const { rows, count } = await pageLoaderChunks(ctx.db, scope, loader.id, {
    offset: (page - 1) * CHUNKS_PER_PAGE,
    limit: CHUNKS_PER_PAGE,
    search,
  })
  return {
    chunks: rows.map(toChunk),
    count,
    file: toLoader(loader, await listStoreFiles(ctx.db, scope, [store.id])),
    currentPage: page,
    storeName: store.name,
    description: store.description,
  }
}

const chunkNotFound = (id: string) => notFound(`Chunk ${id} not found`)

/** The loader, when no job is rewriting its chunks (an edit would be lost), or 404 / 409. */
async function editableLoader(ctx: AppContext, scope: WorkspaceScope, ids: { storeId: string; loaderId: string }) {
  const loader = await requireLoader(ctx, scope, ids.storeId, ids.loaderId)
  if (await findUnfinishedJob(ctx.db, scope, { storeId: ids.storeId, loaderId: ids.loaderId })) {
    throw conflict('This loader is being processed; its chunks can be changed once the job is over.')
  }
  return loader
}

/** Keeps the loader's chunk and character counts right after a chunk changed or went. */
async function recountLoader(ctx: AppContext, scope: WorkspaceScope, loaderId: string): Promise<void> {
  const totals = await loaderChunkTotals(ctx.db, scope, loaderId)
  await documentStoreLoadersRepository(ctx.db).update(scope, loaderId, {
    total_chunks: totals.chunks,
    total_chars: totals.chars,
    updated_at: new Date().toISOString(),
  })
}

export async function editChunk(
  ctx: AppContext,
  principal: Principal,
  ids: { storeId: string; loaderId: string; chunkId: string },
  change: { pageContent: string; metadata?: Record<string, unknown> | undefined },
): Promise<DocumentStoreChunk> {
  const scope = scopeOf(principal)
  await editableLoader(ctx, scope, ids)
  const chunk = await findLoaderChunk(ctx.db, scope, ids.loaderId, ids.chunkId)
  if (!chunk) throw chunkNotFound(ids.chunkId)
  const metadata = change.metadata === undefined ? chunk.metadata : JSON.stringify(change.metadata)
  await updateLoaderChunk(ctx.db, scope, ids.loaderId, ids.chunkId, { page_content: change.pageContent, metadata })
  await recountLoader(ctx, scope, ids.loaderId)
  return toChunk({ ...chunk, page_content: change.pageContent, metadata })
}

export async function deleteChunk(
  ctx: AppContext,
  principal: Principal,
  ids: { storeId: string; loaderId: string; chunkId: string },
): Promise<{ deleted: number }> {
  const scope = scopeOf(principal)
  await editableLoader(ctx, scope, ids)
  if (!(await deleteLoaderChunk(ctx.db, scope, ids.loaderId, ids.chunkId))) throw chunkNotFound(ids.chunkId)
  await recountLoader(ctx, scope, ids.loaderId)
  return { deleted: 1 }
}
