import { randomUUID } from 'node:crypto'
import type { DocumentStore, DocumentStoreJob, UpsertHistoryEntry, UpsertResult, VectorStoreSettings } from '@weft/core'
import type { VectorCollection, VectorRecord } from '@weft/nodes'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { nextStoreChunks } from '../db/repositories/document-store-chunks.repository.js'
import { findUnfinishedJob, insertJob, updateJob } from '../db/repositories/document-store-jobs.repository.js'
import {
  addRecords,
  deleteRecords,
  insertUpsert,
  listRecords,
  listUpserts,
  setUpsertResult,
} from '../db/repositories/document-store-vectors.repository.js'
import { documentStoresRepository, listLoaderRows } from '../db/repositories/document-stores.repository.js'
import type { DocumentStoreChunkRow, DocumentStoreJobRow } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { badRequest, conflict, HttpError, notFound } from '../http-error.js'
import {
  enqueueOrAbandon,
  idsOf,
  INTERRUPTED_JOB_ERROR,
  JobStopped,
  queueReachable,
  runInBackground,
  stoppedByShutdown,
  toJob,
} from './document-store-jobs.service.js'
import {
  embeddingNode,
  storeVectors,
  vectorIdOf,
  vectorStoreNode,
  type StoreVectors,
} from './document-store-vectors.js'
import {
  deleteDocumentStore,
  getDocumentStore,
  readObject,
  refreshStoreStatus,
  requireStore,
  scopeOf,
  type ComponentConfig,
} from './document-stores.service.js'

// Upserting embeds a store's chunks and writes them into its vector store, in batches, as a
// background job with progress. Each vector's id hashes its chunk, so with the record manager an
// unchanged chunk is skipped; vectors of chunks that are gone are deleted. Every batch is written
// whole (the collection's contract) before its records are noted, so a killed server leaves only
// whole vectors of current chunks, and running the upsert again completes it.

/** Chunks embedded and written per batch: one progress step, one cancel point. */
const UPSERT_BATCH = 100

/** Saved with the store: what `settings` names, checked before anything is saved. */
function configsOf(settings: VectorStoreSettings) {
  embeddingNode(settings.embeddingName)
  vectorStoreNode(settings.vectorStoreName)
  const embedding: ComponentConfig = { name: settings.embeddingName, config: settings.embeddingConfig }
  const vectorStore: ComponentConfig = { name: settings.vectorStoreName, config: settings.vectorStoreConfig }
  const recordManager: ComponentConfig | null = settings.recordManagerName
    ? { name: settings.recordManagerName, config: settings.recordManagerConfig ?? {} }
    : null
  return { embedding, vectorStore, recordManager }
}

/** Saves the embedding, vector store and record manager a store upserts with. */
export async function saveVectorStoreConfig(
  ctx: AppContext,
  principal: Principal,
  settings: VectorStoreSettings,
): Promise<DocumentStore> {
  const scope = scopeOf(principal)
  await requireStore(ctx, scope, settings.storeId)
  const configs = configsOf(settings)
  await documentStoresRepository(ctx.db).update(scope, settings.storeId, {
    embedding_config: JSON.stringify(configs.embedding),
    vector_store_config: JSON.stringify(configs.vectorStore),
    record_manager_config: configs.recordManager ? JSON.stringify(configs.recordManager) : null,
    updated_at: new Date().toISOString(),
  })
  return getDocumentStore(ctx, principal, settings.storeId)
}

/**
 * Saves the settings and starts upserting the store's chunks (or one loader's): the queued job is
 * answered at once. A store being processed or upserted is refused, and so is one with no chunks.
 */
export async function startUpsert(
  ctx: AppContext,
  principal: Principal,
  settings: VectorStoreSettings,
): Promise<DocumentStoreJob> {
  const scope = scopeOf(principal)
  const { storeId, docId } = settings
  await requireStore(ctx, scope, storeId)
  const loaders = await listLoaderRows(ctx.db, scope, [storeId])
  if (docId !== undefined && !loaders.some((loader) => loader.id === docId)) {
    throw notFound(`Loader ${docId} not found`)
  }
  const chosen = docId === undefined ? loaders : loaders.filter((loader) => loader.id === docId)
  if (!chosen.some((loader) => loader.total_chunks > 0)) {
    throw badRequest('There are no chunks to upsert: process a loader first.')
  }
  if (await findUnfinishedJob(ctx.db, scope, { storeId })) {
    throw conflict('This store has a job running; wait for it to finish or cancel it.')
  }
  // Queue mode: asked before anything is saved, so that while Redis is down nothing is written.
  if (ctx.queue) await queueReachable(ctx, ctx.queue)
  await saveVectorStoreConfig(ctx, principal, settings)
  const now = new Date().toISOString()
  const job: DocumentStoreJobRow = {
    id: randomUUID(),
    store_id: storeId,
    loader_id: docId ?? null,
    workspace_id: scope.workspaceId,
    kind: 'upsert',
    status: 'queued',
    done: 0,
    total: chosen.reduce((sum, loader) => sum + loader.total_chunks, 0),
    error: null,
    created_at: now,
    updated_at: now,
  }
  await ctx.db.transaction().execute(async (trx) => {
    await insertJob(trx, scope, job)
    await insertUpsert(trx, scope, {
      id: randomUUID(),
      store_id: storeId,
      job_id: job.id,
      embedding_name: settings.embeddingName,
      vector_store_name: settings.vectorStoreName,
      result: null,
      created_at: now,
    })
    await refreshStoreStatus(trx, scope, storeId)
  })
  if (ctx.queue) await enqueueOrAbandon(ctx, ctx.queue, { job }, idsOf(job))
  else runInBackground(ctx, job.id, (signal) => runUpsertJob(ctx, job, signal))
  return toJob(job)
}

interface Pending {
  record: VectorRecord
  loaderId: string
  known: boolean
}

/** Runs a queued upsert job to its end, recording how it ended on the job, its history and the store. */
export async function runUpsertJob(ctx: AppContext, job: DocumentStoreJobRow, signal: AbortSignal): Promise<void> {
  const scope = { workspaceId: job.workspace_id }
  let collection: VectorCollection | undefined
  try {
    if (!(await updateJob(ctx.db, scope, job.id, { status: 'running' }, ['queued'])) || signal.aborted) {
      throw new JobStopped()
    }
    const store = await requireStore(ctx, scope, job.store_id)
    const embedding = readObject<ComponentConfig>(store.embedding_config)
    const vectorStore = readObject<ComponentConfig>(store.vector_store_config)
    if (!embedding || !vectorStore) throw new Error('Choose an embedding and a vector store first.')
    const vectors = await storeVectors(ctx, scope.workspaceId, store.id, { embedding, vectorStore }, signal)
    const skipUnchanged = store.record_manager_config !== null
    const result = await upsertChunks(ctx, scope, job, vectors, skipUnchanged, signal, (opened) => {
      collection = opened
    })
    await ctx.db.transaction().execute(async (trx) => {
      const done = { status: 'done' as const, done: job.total, total: job.total }
      if (!(await updateJob(trx, scope, job.id, done, ['running']))) throw new JobStopped()
      await setUpsertResult(trx, scope, job.id, JSON.stringify(result))
      await refreshStoreStatus(trx, scope, job.store_id)
    })
  } catch (error) {
    await recordUpsertStop(ctx, scope, job.id, signal, error)
    await refreshStoreStatus(ctx.db, scope, job.store_id)
  } finally {
    await collection?.close().catch(() => {})
  }
}

async function upsertChunks(
  ctx: AppContext,
  scope: WorkspaceScope,
  job: DocumentStoreJobRow,
  vectors: StoreVectors,
  skipUnchanged: boolean,
  signal: AbortSignal,
  opened: (collection: VectorCollection) => void,
): Promise<UpsertResult> {
  const loaderId = job.loader_id ?? undefined
  const known = new Map(
    (await listRecords(ctx.db, scope, job.store_id, loaderId)).map((r) => [r.vector_id, r.loader_id]),
  )
  const seen = new Set<string>()
  const result: UpsertResult = { numAdded: 0, numUpdated: 0, numSkipped: 0, numDeleted: 0 }
  let collection: VectorCollection | undefined
  let done = 0
  const stopIfCancelled = async () => {
    if (signal.aborted) throw new JobStopped()
    if (!(await updateJob(ctx.db, scope, job.id, { done }, ['running']))) throw new JobStopped()
  }
  const write = async (batch: Pending[]) => {
    const embedded = await vectors.embedder.embed(
      batch.map((item) => item.record.document.pageContent),
      signal,
    )
    if (embedded.length !== batch.length) {
      throw new Error(`${vectors.embeddingLabel} gave ${embedded.length} vectors for ${batch.length} chunks.`)
    }
    batch.forEach((item, at) => (item.record.vector = embedded[at]!))
    if (!collection) {
      collection = await vectors.open(embedded[0]!.length)
      opened(collection)
    }
    await collection.upsert(
      batch.map((item) => item.record),
      signal,
    )
    await addRecords(
      ctx.db,
      scope,
      job.store_id,
      batch.map((item) => ({ vectorId: item.record.id, loaderId: item.loaderId })),
    )
    for (const item of batch) {
      if (item.known) result.numUpdated++
      else result.numAdded++
    }
  }
  let after: { loaderId: string; chunkNo: number } | undefined
  for (;;) {
    const rows: DocumentStoreChunkRow[] = await nextStoreChunks(
      ctx.db,
      scope,
      { storeId: job.store_id, loaderId },
      after,
      UPSERT_BATCH,
    )
    if (rows.length === 0) break
    const last = rows[rows.length - 1]!
    after = { loaderId: last.loader_id, chunkNo: last.chunk_no }
    const batch: Pending[] = []
    for (const row of rows) {
      const metadata = readObject(row.metadata) ?? {}
      const id = vectorIdOf(row.loader_id, row.page_content, metadata)
      if (seen.has(id)) continue
      seen.add(id)
      const isKnown = known.has(id)
      if (isKnown && skipUnchanged) {
        result.numSkipped++
        continue
      }
      batch.push({
        record: { id, vector: [], document: { pageContent: row.page_content, metadata } },
        loaderId: row.loader_id,
        known: isKnown,
      })
    }
    if (batch.length > 0) await write(batch)
    done += rows.length
    await stopIfCancelled()
    // SQLite, the built-in embedder and the embedded store all answer synchronously: without a
    // turn of the event loop between batches, no request would be served until the upsert ends.
    await new Promise((resolve) => setImmediate(resolve))
  }
  const gone = [...known.keys()].filter((id) => !seen.has(id))
  if (gone.length > 0) {
    collection ??= await openForDelete(vectors, opened)
    if (collection) {
      await collection.delete(gone, signal)
      await deleteRecords(ctx.db, scope, job.store_id, gone)
      result.numDeleted = gone.length
    }
  }
  return result
}

/** The collection for deleting vectors when no chunk was written: its length from one probe embedding. */
async function openForDelete(vectors: StoreVectors, opened: (collection: VectorCollection) => void) {
  const [probe] = await vectors.embedder.embed(['probe'])
  if (!probe) return undefined
  const collection = await vectors.open(probe.length)
  opened(collection)
  return collection
}

async function recordUpsertStop(
  ctx: Pick<AppContext, 'db'>,
  scope: WorkspaceScope,
  jobId: string,
  signal: AbortSignal,
  error: unknown,
): Promise<void> {
  if (stoppedByShutdown(signal)) {
    await updateJob(ctx.db, scope, jobId, { status: 'interrupted', error: INTERRUPTED_JOB_ERROR })
  } else if (error instanceof JobStopped || signal.aborted) {
    await updateJob(ctx.db, scope, jobId, { status: 'cancelled' })
  } else {
    const message = error instanceof Error ? error.message : String(error)
    await updateJob(ctx.db, scope, jobId, { status: 'failed', error: message })
  }
}

/**
 * Removes the store's vectors from its vector store and forgets them; the chunks stay, ready for
 * another upsert.
 */
export async function deleteStoreVectors(
  ctx: AppContext,
  principal: Principal,
  storeId: string,
): Promise<DocumentStore> {
  const scope = scopeOf(principal)
  const store = await requireStore(ctx, scope, storeId)
  if (await findUnfinishedJob(ctx.db, scope, { storeId })) {
    throw conflict('This store has a job running; wait for it to finish or cancel it.')
  }
  const embedding = readObject<ComponentConfig>(store.embedding_config)
  const vectorStore = readObject<ComponentConfig>(store.vector_store_config)
  const ids = (await listRecords(ctx.db, scope, storeId)).map((record) => record.vector_id)
  if (embedding && vectorStore && ids.length > 0) {
    const vectors = await storeVectors(
      ctx,
      scope.workspaceId,
      storeId,
      { embedding, vectorStore },
      AbortSignal.timeout(60_000),
    )
    let collection: VectorCollection | undefined
    try {
      collection = await openForDelete(vectors, () => {})
      await collection?.delete(ids)
    } finally {
      await collection?.close().catch(() => {})
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    await deleteRecords(trx, scope, storeId)
    await refreshStoreStatus(trx, scope, storeId)
  })
  return getDocumentStore(ctx, principal, storeId)
}

/** The store's upserts, newest first. */
export async function listUpsertHistory(
  ctx: AppContext,
  principal: Principal,
  storeId: string,
): Promise<UpsertHistoryEntry[]> {
  const scope = scopeOf(principal)
  await requireStore(ctx, scope, storeId)
  const rows = await listUpserts(ctx.db, scope, storeId, 50)
  return rows.map((row) => ({
    id: row.id,
    storeId: row.store_id,
    jobId: row.job_id,
    status: row.status,
    result: readObject<UpsertResult>(row.result),
    embeddingName: row.embedding_name,
    vectorStoreName: row.vector_store_name,
    error: row.error,
    date: row.created_at,
  }))
}

/**
 * Deletes a store with its vectors: those its upserts wrote are removed from its vector store
 * first. A vector store that cannot be reached does not keep the store: its vectors stay there,
 * and the log says so.
 */
export async function deleteStoreWithVectors(
  ctx: AppContext,
  principal: Principal,
  storeId: string,
): Promise<{ deleted: number }> {
  await requireStore(ctx, scopeOf(principal), storeId)
  try {
    await deleteStoreVectors(ctx, principal, storeId)
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) throw error
    ctx.log.warn(
      { err: error, storeId },
      'The vectors of a deleted document store could not be removed from its vector store',
    )
  }
  return deleteDocumentStore(ctx, principal, storeId)
}
