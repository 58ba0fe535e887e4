import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DocumentStoreJob } from '@weft/core'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { replaceLoaderChunks } from '../db/repositories/document-store-chunks.repository.js'
import {
  findJob,
  findUnfinishedJob,
  findUnfinishedJobs,
  insertJob,
  listStoreJobs,
  UNFINISHED_JOB_STATUSES,
  updateJob,
  type UnfinishedJob,
} from '../db/repositories/document-store-jobs.repository.js'
import { documentStoreLoadersRepository } from '../db/repositories/document-stores.repository.js'
import type { Database, DocumentStoreJobRow, DocumentStoreLoaderRow } from '../db/tables.js'
import type { WorkspaceScope } from '../db/workspace-repository.js'
import { conflict, HttpError, notFound } from '../http-error.js'
import { RUN_QUEUES } from '../queue/names.js'
import type { QueueMode } from '../queue/queue-mode.js'
import { whenReady } from '../queue/redis-status.js'
import { checkRecipe, fileIdsOf, loadChunks } from './document-store-loading.js'
import { loaderFiles, recipeOfRow } from './document-store-loaders.service.js'
import { onlyProcess } from './only-process.js'
import { readObject, refreshStoreStatus, requireStore, scopeOf } from './document-stores.service.js'

// Processing a loader runs in the background of the server (in queue mode on a worker, see
// queue/document-store-worker.ts), not in the request: it loads and splits the documents, then
// replaces the loader's chunks in one transaction, so a failure, a cancel or a killed server leaves
// the chunks it had before.

export const toJob = (row: DocumentStoreJobRow): DocumentStoreJob => ({
  id: row.id,
  storeId: row.store_id,
  loaderId: row.loader_id,
  kind: row.kind,
  status: row.status,
  done: row.done,
  total: row.total,
  error: row.error,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
})

/** Why a job a stopped server left unfinished ended, as its `error` and its loader's say. */
export const INTERRUPTED_JOB_ERROR = 'The server stopped before this job finished; process the loader again.'

/** What stops a job: the user's cancel, or this server shutting down. */
export class JobStopped extends Error {}
const SHUTDOWN = 'shutdown'

interface RunningJob {
  controller: AbortController
  finished: Promise<void>
}

/** The jobs this server runs, per database (several apps may share a process in tests). */
const runningJobs = new WeakMap<Kysely<Database>, Map<string, RunningJob>>()
const runningOn = (db: Kysely<Database>) => {
  let jobs = runningJobs.get(db)
  if (!jobs) runningJobs.set(db, (jobs = new Map()))
  return jobs
}

const jobNotFound = (id: string) => notFound(`Job ${id} not found`)

/** The store's newest jobs, newest first: what a page reload shows the progress of. */
export async function listJobs(ctx: AppContext, principal: Principal, storeId: string): Promise<DocumentStoreJob[]> {
  const scope = scopeOf(principal)
  await requireStore(ctx, scope, storeId)
  return (await listStoreJobs(ctx.db, scope, storeId, 20)).map(toJob)
}

/** A job waiting to run, with its loader as it was before (what a cancelled job puts back). */
export interface QueuedJob {
  job: DocumentStoreJobRow
  loader: DocumentStoreLoaderRow
}

/**
 * Queues processing of the saved loader: the loader is SYNCING until the job ends. A loader whose
 * nodes cannot run, or that a job already works on, is refused before any job.
 */
export async function queueProcessing(
  ctx: Pick<AppContext, 'db'>,
  scope: WorkspaceScope,
  loaderId: string,
): Promise<QueuedJob> {
  const loader = await documentStoreLoadersRepository(ctx.db).find(scope, loaderId)
  if (!loader) throw notFound(`Loader ${loaderId} not found`)
  if (await findUnfinishedJob(ctx.db, scope, { storeId: loader.store_id, loaderId })) {
    throw conflict('This loader is already being processed; wait for the job to finish or cancel it.')
  }
  if (await findUnfinishedJob(ctx.db, scope, { storeId: loader.store_id, kind: 'upsert' })) {
    throw conflict('This store is being upserted; wait for the upsert to finish or cancel it.')
  }
  checkRecipe(recipeOfRow(loader, readObject(loader.loader_config) ?? {}))
  const now = new Date().toISOString()
  const job: DocumentStoreJobRow = {
    id: randomUUID(),
    store_id: loader.store_id,
    loader_id: loader.id,
    workspace_id: scope.workspaceId,
    kind: 'process',
    status: 'queued',
    done: 0,
    total: 0,
    error: null,
    created_at: now,
    updated_at: now,
  }
  await ctx.db.transaction().execute(async (trx) => {
    await insertJob(trx, scope, job)
    await documentStoreLoadersRepository(trx).update(scope, loaderId, { status: 'SYNCING', updated_at: now })
    await refreshStoreStatus(trx, scope, loader.store_id)
  })
  return { job, loader }
}

/**
 * Starts processing the saved loader: the queued job is answered at once and runs in the background
 * of this server, or in queue mode on a worker.
 */
export async function startProcessing(
  ctx: AppContext,
  principal: Principal,
  loaderId: string,
): Promise<DocumentStoreJob> {
  const scope = scopeOf(principal)
  if (ctx.queue) {
    // Asked first, so that while Redis is down the answer is 503 and nothing is written.
    await queueReachable(ctx, ctx.queue)
    const queued = await queueProcessing(ctx, scope, loaderId)
    await enqueueOrAbandon(ctx, ctx.queue, queued, { ...idsOf(queued.job), ...beforeOf(queued) })
    return toJob(queued.job)
  }
  const queued = await queueProcessing(ctx, scope, loaderId)
  runInBackground(ctx, queued.job.id, (signal) => runProcessJob(ctx, queued, signal))
  return toJob(queued.job)
}

export const JOB_QUEUE_UNREACHABLE =
  'The job queue (Redis) cannot be reached right now: nothing was processed or upserted. Try again in a moment.'

/**
 * A queue-mode job's data: ids only, the rest is read again from the database by the worker; and,
 * for processing, the loader's status and time before the job (the row no longer holds them), which
 * a cancelled or failed job puts back.
 */
export interface DocumentStoreJobData {
  jobId: string
  workspaceId: string
  kind: DocumentStoreJobRow['kind']
  loaderBefore?: { status: DocumentStoreLoaderRow['status']; updatedAt: string }
}

/** Adds the job to the queue under its row's id; rejects when Redis does not take it. */
export async function enqueueDocumentStoreJob(queue: QueueMode, data: DocumentStoreJobData): Promise<void> {
  await queue.queues[RUN_QUEUES.documentStore].add(data.kind, data, {
    jobId: data.jobId,
    // A job whose worker died is not run again (BullMQ fails it); the row says it was interrupted.
    attempts: 1,
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
  })
}

/** A queued job's ids, what its queue job carries. */
export const idsOf = (job: DocumentStoreJobRow) => ({ jobId: job.id, workspaceId: job.workspace_id, kind: job.kind })

/** What a queued processing job's worker needs besides ids: its loader's status and time before the job. */
export const beforeOf = ({ loader }: QueuedJob) => ({
  loaderBefore: { status: loader.status, updatedAt: loader.updated_at },
})

/**
 * Queue mode: puts a queued job on the queue. The row is written first (a worker that takes the job
 * at once finds it); when Redis refuses the job after all, the row is marked failed in the same way
 * as a job that failed before it changed anything (its loader keeps its status), so nothing stays
 * queued forever, and the caller is answered 503.
 */
export async function enqueueOrAbandon(
  ctx: Pick<AppContext, 'db' | 'log'>,
  queue: QueueMode,
  queued: { job: DocumentStoreJobRow; loader?: DocumentStoreLoaderRow },
  data: DocumentStoreJobData,
): Promise<void> {
  try {
    await enqueueDocumentStoreJob(queue, data)
  } catch (error) {
    ctx.log.warn({ err: error, jobId: queued.job.id }, 'A document store job could not be queued')
    const { job, loader } = queued
    const scope = { workspaceId: job.workspace_id }
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await updateJob(trx, scope, job.id, { status: 'failed', error: JOB_QUEUE_UNREACHABLE }, ['queued']))) return
      if (loader) {
        const { status, updated_at } = loader
        await documentStoreLoadersRepository(trx).update(scope, loader.id, { status, updated_at })
      }
      await refreshStoreStatus(trx, scope, job.store_id)
    })
    throw new HttpError(503, JOB_QUEUE_UNREACHABLE)
  }
}

/** Queue mode: answers 503 at once while Redis cannot be reached (waiting for it a little, as runs do). */
export async function queueReachable(ctx: Pick<AppContext, 'log'>, queue: QueueMode): Promise<void> {
  try {
    await whenReady(queue.redis, queue.config.waitMs)
  } catch {
    ctx.log.warn('A document store job was refused: the job queue (Redis) cannot be reached')
    throw new HttpError(503, JOB_QUEUE_UNREACHABLE)
  }
}

/** Runs a queued job in the background of this server, so cancelling and shutting down can stop it. */
export function runInBackground(
  ctx: Pick<AppContext, 'db' | 'log'>,
  jobId: string,
  run: (signal: AbortSignal) => Promise<void>,
): void {
  void runTracked(ctx, jobId, run)
}

/**
 * Runs a job where cancelling (on this process) and closing the app can stop it; resolves once it
 * recorded how it ended. A queue-mode worker runs its jobs with it too.
 */
export function runTracked(
  ctx: Pick<AppContext, 'db' | 'log'>,
  jobId: string,
  run: (signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const controller = new AbortController()
  const jobs = runningOn(ctx.db)
  const finished = run(controller.signal)
    .catch((error: unknown) => ctx.log.error({ err: error }, 'A document store job could not record how it ended'))
    .finally(() => jobs.delete(jobId))
  jobs.set(jobId, { controller, finished })
  return finished
}

/** True when the signal stopped a job because this server shuts down (it then ends as interrupted). */
export const stoppedByShutdown = (signal: AbortSignal) => signal.aborted && signal.reason === SHUTDOWN

/**
 * Cancels a job that is not over. A running job stops between batches and keeps the chunks it had;
 * on a shared database the server running it sees the status at its next batch.
 */
export async function cancelJob(ctx: AppContext, principal: Principal, jobId: string): Promise<DocumentStoreJob> {
  const scope = scopeOf(principal)
  const job = await findJob(ctx.db, scope, jobId)
  if (!job) throw jobNotFound(jobId)
  // Told first: on SQLite a job writing its chunks holds the one connection the update below waits for.
  runningOn(ctx.db).get(jobId)?.controller.abort()
  if (!(await updateJob(ctx.db, scope, jobId, { status: 'cancelled' }, UNFINISHED_JOB_STATUSES))) {
    const now = await findJob(ctx.db, scope, jobId)
    if (!now) throw jobNotFound(jobId)
    if (now.status !== 'cancelled') throw conflict(`This job is over (${now.status}); there is nothing to cancel.`)
  }
  if (ctx.queue) await takeBackFromQueue(ctx, ctx.queue, scope, jobId)
  return toJob((await findJob(ctx.db, scope, jobId))!)
}

/**
 * Queue mode: a cancelled job that no worker has taken yet is taken off the queue and ends here as
 * a worker would end it (it runs nothing, its loader gets its status back), so a loader waits for
 * no worker to show it is free; and a worker taking the old job later cannot set back a loader
 * processed again meanwhile. A job a worker holds stops there, at its next batch.
 */
async function takeBackFromQueue(
  ctx: Pick<AppContext, 'db'>,
  queue: QueueMode,
  scope: WorkspaceScope,
  jobId: string,
): Promise<void> {
  let data: DocumentStoreJobData
  try {
    const queued = await queue.queues[RUN_QUEUES.documentStore].getJob(jobId)
    if (!queued) return
    data = queued.data as DocumentStoreJobData
    // BullMQ refuses to remove a job a worker holds.
    await queued.remove()
  } catch {
    return
  }
  const job = await findJob(ctx.db, scope, jobId)
  if (!job) return
  await ctx.db.transaction().execute(async (trx) => {
    const loader = job.loader_id ? await documentStoreLoadersRepository(trx).find(scope, job.loader_id) : undefined
    if (job.kind === 'process' && loader && data.loaderBefore) {
      const before = { ...loader, status: data.loaderBefore.status, updated_at: data.loaderBefore.updatedAt }
      await recordStop({ db: trx }, scope, jobId, before, new AbortController().signal, new JobStopped())
    }
    await refreshStoreStatus(trx, scope, job.store_id)
  })
}

async function jobWasCancelled(ctx: Pick<AppContext, 'db'>, scope: WorkspaceScope, jobId: string): Promise<boolean> {
  return (await findJob(ctx.db, scope, jobId))?.status !== 'running'
}

/**
 * Runs a queued job: loads, splits and writes the loader's chunks, recording the outcome on the
 * job, the loader and the store. A job cancelled before it runs does nothing but say so.
 */
export async function runProcessJob(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'outbound'>,
  { job, loader }: QueuedJob,
  signal: AbortSignal,
): Promise<void> {
  const scope = { workspaceId: job.workspace_id }
  const jobId = job.id
  const { store_id: storeId, id: loaderId, status: before } = loader
  const stopIfCancelled = async (canRead: boolean) => {
    if (signal.aborted || (canRead && (await jobWasCancelled(ctx, scope, jobId)))) throw new JobStopped()
  }
  try {
    // Conditional: a job cancelled while it waited never starts.
    if (!(await updateJob(ctx.db, scope, jobId, { status: 'running' }, ['queued'])) || signal.aborted) {
      throw new JobStopped()
    }
    const config = readObject(loader.loader_config) ?? {}
    const files = await loaderFiles(ctx, scope, storeId, fileIdsOf(config))
    const chunks = await loadChunks(ctx, recipeOfRow(loader, config), files, signal)
    await updateJob(ctx.db, scope, jobId, { total: chunks.length })
    await stopIfCancelled(true)
    await ctx.db.transaction().execute(async (trx) => {
      await replaceLoaderChunks(trx, scope, { storeId, loaderId }, chunks, async (written) => {
        // On SQLite the transaction holds the one connection, and nobody can read progress until
        // it ends anyway; PostgreSQL's other connections see each batch's progress at once.
        if (ctx.dialect === 'postgres') await updateJob(ctx.db, scope, jobId, { done: written })
        await stopIfCancelled(ctx.dialect === 'postgres')
      })
      const chars = chunks.reduce((sum, chunk) => sum + chunk.pageContent.length, 0)
      const now = new Date().toISOString()
      await documentStoreLoadersRepository(trx).update(scope, loaderId, {
        status: 'SYNC',
        total_chunks: chunks.length,
        total_chars: chars,
        error: null,
        updated_at: now,
      })
      // Conditional, so a cancel that came meanwhile rolls everything back.
      const done = { status: 'done' as const, done: chunks.length, total: chunks.length }
      if (!(await updateJob(trx, scope, jobId, done, ['running']))) throw new JobStopped()
      await refreshStoreStatus(trx, scope, storeId)
    })
  } catch (error) {
    // One transaction, so whoever sees the job over also sees its loader's and store's status.
    await ctx.db.transaction().execute(async (trx) => {
      const failed = await recordStop({ db: trx }, scope, jobId, loader, signal, error)
      await refreshStoreStatus(trx, scope, storeId, failed ? { loaderId, status: before } : undefined)
    })
  }
}

/**
 * How a job that did not finish ends: interrupted by shutdown, cancelled, or failed with its message
 * (answers true). A cancelled or failed job changed no chunk, so the loader keeps the time its
 * chunks last changed, and an upsert made since still matches them.
 */
async function recordStop(
  ctx: Pick<AppContext, 'db'>,
  scope: WorkspaceScope,
  jobId: string,
  before: DocumentStoreLoaderRow,
  signal: AbortSignal,
  error: unknown,
): Promise<boolean> {
  const loaders = documentStoreLoadersRepository(ctx.db)
  const { id: loaderId, updated_at: unchanged } = before
  if (signal.aborted && signal.reason === SHUTDOWN) {
    await updateJob(ctx.db, scope, jobId, { status: 'interrupted', error: INTERRUPTED_JOB_ERROR })
    const updated_at = new Date().toISOString()
    await loaders.update(scope, loaderId, { status: 'STALE', error: INTERRUPTED_JOB_ERROR, updated_at })
    return false
  }
  if (error instanceof JobStopped || signal.aborted) {
    await updateJob(ctx.db, scope, jobId, { status: 'cancelled' })
    await loaders.update(scope, loaderId, { status: before.status, updated_at: unchanged })
    return false
  }
  const message = error instanceof Error ? error.message : String(error)
  await updateJob(ctx.db, scope, jobId, { status: 'failed', error: message })
  await loaders.update(scope, loaderId, { status: 'ERROR', error: message, updated_at: unchanged })
  return true
}

/** Past this long without a write, no live server is still running a job (it writes after every batch). */
const JOB_SILENCE_MS = 15 * 60_000

/**
 * Marks the jobs a stopped server left unfinished as interrupted and their loaders STALE, so the
 * user can process them again; their chunks are those before the job. SQLite outside queue mode has
 * one server, so at start every unfinished job is left over; on a shared PostgreSQL, and on one
 * SQLite file that a queue mode's server and workers share, only jobs silent for a while are (a job
 * whose worker died is failed by BullMQ, never run again, and marked here).
 */
export async function markInterruptedJobs(
  ctx: Pick<AppContext, 'db' | 'log' | 'dialect' | 'config' | 'queue'>,
  now = Date.now(),
): Promise<void> {
  const writtenBefore = onlyProcess(ctx) ? undefined : new Date(now - JOB_SILENCE_MS).toISOString()
  const jobs = []
  for (const job of await findUnfinishedJobs(ctx.db, writtenBefore)) {
    if (ctx.queue && (await stillOnQueue(ctx.queue, job.id))) continue
    await markInterrupted(ctx, job)
    jobs.push(job)
  }
  if (jobs.length > 0) ctx.log.warn(`${jobs.length} document store job(s) were cut short when a server stopped`)
}

/**
 * Queue mode: whether a job is still waiting for a worker or held by a live one (whose lock BullMQ
 * renews), however long since its row was written. While Redis cannot be asked, it counts as there
 * (the sweep looks again a minute later); a job Redis lost is not.
 */
async function stillOnQueue(queue: QueueMode, jobId: string): Promise<boolean> {
  try {
    const state = await queue.queues[RUN_QUEUES.documentStore].getJobState(jobId)
    return state !== 'unknown' && state !== 'completed' && state !== 'failed'
  } catch {
    return true
  }
}

/**
 * Marks one job that is not over as interrupted, and its loader STALE if it was processing it
 * (a queue-mode worker does so at once for a job BullMQ failed because its worker died).
 */
export async function markInterrupted(ctx: Pick<AppContext, 'db'>, job: UnfinishedJob): Promise<void> {
  const scope = { workspaceId: job.workspace_id }
  await ctx.db.transaction().execute(async (trx) => {
    const changes = { status: 'interrupted' as const, error: INTERRUPTED_JOB_ERROR }
    if (!(await updateJob(trx, scope, job.id, changes, UNFINISHED_JOB_STATUSES))) return
    if (job.loader_id !== null) {
      await trx
        .updateTable('document_store_loaders')
        .set({ status: 'STALE', error: INTERRUPTED_JOB_ERROR, updated_at: new Date().toISOString() })
        .where('workspace_id', '=', job.workspace_id)
        .where('id', '=', job.loader_id)
        .where('status', '=', 'SYNCING')
        .execute()
    }
    await refreshStoreStatus(trx, scope, job.store_id)
  })
}

/**
 * Marks jobs left over from a stopped server, and on a shared database (or in queue mode) looks again every minute.
 * The returned function is for closing the app: it stops the jobs this server runs (they end as
 * interrupted, their old chunks kept) and waits for them.
 */
export async function openDocumentStoreJobs(
  ctx: Pick<AppContext, 'db' | 'log' | 'dialect' | 'config' | 'queue'>,
): Promise<() => Promise<void>> {
  await markInterruptedJobs(ctx)
  const timer = !onlyProcess(ctx)
    ? setInterval(() => {
        markInterruptedJobs(ctx).catch((error: unknown) =>
          ctx.log.error({ err: error }, 'Could not mark interrupted document store jobs'),
        )
      }, 60_000)
    : undefined
  timer?.unref()
  return async () => {
    clearInterval(timer)
    const jobs = [...runningOn(ctx.db).values()]
    for (const job of jobs) job.controller.abort(SHUTDOWN)
    await Promise.all(jobs.map((job) => job.finished))
  }
}
