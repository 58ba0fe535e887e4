import { Worker, type Job } from 'bullmq'
import type { AppContext } from '../context.js'
import { findJob, UNFINISHED_JOB_STATUSES, updateJob } from '../db/repositories/document-store-jobs.repository.js'
import { documentStoreLoadersRepository } from '../db/repositories/document-stores.repository.js'
import {
  markInterrupted,
  openDocumentStoreJobs,
  runProcessJob,
  runTracked,
  type DocumentStoreJobData,
} from '../services/document-store-jobs.service.js'
import { runUpsertJob } from '../services/document-store-upsert.service.js'
import { refreshStoreStatus } from '../services/document-stores.service.js'
import { RUN_QUEUES } from './names.js'
import { jobWorkerOptions } from './redis.js'

/** Why a processing job ended when its loader was gone before a worker took it. */
export const LOADER_GONE = 'The loader was deleted before its job ran.'

export interface DocumentStoreWorker {
  /** Jobs running now on this worker. */
  active(): number
  /**
   * Stops taking jobs; those running get `graceMs` to finish, then stop at their next batch and end
   * as interrupted (their old chunks kept, as when a server stops); then the connection is closed.
   * Answers whether they all finished in time. Called again, it answers the first call's promise.
   */
  close(graceMs?: number): Promise<boolean>
}

const workersOfApps = new WeakMap<object, DocumentStoreWorker>()

/** The document store worker of an app built with `role: 'worker'`, for a graceful shutdown. */
export const documentStoreWorkerOf = (app: object): DocumentStoreWorker | undefined => workersOfApps.get(app)

/**
 * The worker side of queue mode's document store jobs: takes processing and upsert jobs from the
 * document-store-jobs queue and runs each with the same functions a server runs them with in one
 * process (runProcessJob, runUpsertJob), reading the job's row, loader and store from the database
 * again. So the row's status and progress, a cancel (the row's status, read between batches) and
 * the loader's and store's statuses behave as in one process. A job whose worker died is failed by
 * BullMQ, never run again (maxStalledCount 0), and its row marked interrupted by the worker whose
 * stalled check found it (or, if none did, by the sweep of jobs silent for long).
 */
export async function startDocumentStoreWorker(ctx: AppContext, app?: object): Promise<DocumentStoreWorker> {
  const queue = ctx.queue
  if (!queue) throw new Error('Workers run in queue mode only (MODE=queue and REDIS_URL)')
  const { config } = queue
  // Marks jobs a stopped process left unfinished, looks again every minute, and at close stops ours.
  const stopJobs = await openDocumentStoreJobs(ctx)
  let active = 0
  let stopping = false

  const start = (jobId: string, job: (signal: AbortSignal) => Promise<void>) => {
    // Taken as the worker stopped, too late to be stopped with the others: it fails, never run,
    // and is marked interrupted (see the failed handler) like them.
    if (stopping) throw new Error('The worker stopped before this job started')
    return runTracked(ctx, jobId, job)
  }

  const run = async (bullJob: Job<DocumentStoreJobData>) => {
    const { jobId, workspaceId, loaderBefore } = bullJob.data
    const scope = { workspaceId }
    active++
    try {
      const row = await findJob(ctx.db, scope, jobId)
      // Deleted with its store while it waited, or ended by someone else (a sweep marked it
      // interrupted): there is nothing to run nor to record. A cancelled one is run, to end as
      // cancelled jobs do (its loader gets its status back), changing nothing else.
      if (!row || (row.status !== 'queued' && row.status !== 'cancelled')) return
      if (row.kind === 'process') {
        const loader = row.loader_id
          ? await documentStoreLoadersRepository(ctx.db).find(scope, row.loader_id)
          : undefined
        if (!loader) {
          await ctx.db.transaction().execute(async (trx) => {
            await updateJob(trx, scope, jobId, { status: 'failed', error: LOADER_GONE }, UNFINISHED_JOB_STATUSES)
            await refreshStoreStatus(trx, scope, row.store_id)
          })
          throw new Error(LOADER_GONE)
        }
        // The loader as it was before the job (what a cancel or a failure puts back), as saved now otherwise.
        const before = loaderBefore
          ? { ...loader, status: loaderBefore.status, updated_at: loaderBefore.updatedAt }
          : loader
        await start(jobId, (signal) => runProcessJob(ctx, { job: row, loader: before }, signal))
      } else {
        await start(jobId, (signal) => runUpsertJob(ctx, row, signal))
      }
      // The queue screen lists a job that failed among the failed jobs, with its error.
      const ended = await findJob(ctx.db, scope, jobId)
      if (ended?.status === 'failed') throw new Error(ended.error ?? 'The job failed')
    } finally {
      active--
    }
  }

  // A job whose worker died fails (maxStalledCount 0): its row is marked interrupted, and the user processes again.
  const options = jobWorkerOptions(config, 'worker-document-store', 0)
  const { connection } = options
  const worker = new Worker<DocumentStoreJobData>(RUN_QUEUES.documentStore, run, options)
  worker.on('error', (error) => ctx.log.warn({ err: error }, 'The document store job queue reported an error'))
  // A job whose worker died is put back by a stalled check and failed by the worker that takes it
  // next, without running it (maxStalledCount 0): its row, still unfinished, says so at once, rather
  // than when the sweep finds it silent. A job that failed while running has recorded its end.
  worker.on('failed', (failed) => {
    if (!failed?.id) return
    markIfLeft(failed.id, failed.data).catch((error: unknown) =>
      ctx.log.warn({ err: error, jobId: failed.id }, 'Could not mark a document store job whose worker stopped'),
    )
  })
  const markIfLeft = async (jobId: string, data: DocumentStoreJobData) => {
    const row = await findJob(ctx.db, { workspaceId: data.workspaceId }, jobId)
    if (!row || !UNFINISHED_JOB_STATUSES.includes(row.status)) return
    await markInterrupted(ctx, row)
    ctx.log.warn({ jobId }, 'A document store job was cut short: its worker stopped before it finished')
  }

  let closed: Promise<boolean> | undefined
  const close = async (graceMs: number) => {
    // Takes no job from now on; BullMQ's close waits for the running ones.
    const closing = worker.close()
    const finished =
      active === 0 ||
      (graceMs > 0 &&
        (await Promise.race([
          closing.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
        ])))
    // Those still running stop at their next batch and record it.
    stopping = true
    await stopJobs()
    await closing
    await connection.quit().catch(() => connection.disconnect())
    return finished
  }
  const documentStoreWorker: DocumentStoreWorker = {
    active: () => active,
    close: (graceMs = 0) => (closed ??= close(graceMs)),
  }
  if (app) workersOfApps.set(app, documentStoreWorker)
  return documentStoreWorker
}
