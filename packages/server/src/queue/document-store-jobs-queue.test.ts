import { randomBytes } from 'node:crypto'
import type { DocumentStoreJob } from '@weft/core'
import { createOutboundGuard } from '@weft/nodes'
import { Queue, Worker } from 'bullmq'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import {
  enqueueOrAbandon,
  idsOf,
  beforeOf,
  INTERRUPTED_JOB_ERROR,
  JOB_QUEUE_UNREACHABLE,
  markInterruptedJobs,
  queueProcessing,
  runProcessJob,
} from '../services/document-store-jobs.service.js'
import { testDialects } from '../test/dialects.js'
import {
  API,
  chunkTexts,
  createStore,
  HANDBOOK_PARAGRAPHS,
  processedHandbookStore,
  processLoader,
  saveLoader,
  upsertStore,
  waitForJob,
} from '../test/document-stores.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { removeRedisKeys, TEST_REDIS_URL } from '../test/shared-redis.js'
import { RUN_QUEUES } from './names.js'
import { documentStoreWorkerOf } from './document-store-worker.js'
import { openQueueMode, type QueueMode } from './queue-mode.js'

// Queue mode's document store jobs in one process: a server app and a worker app (role `worker`)
// on the same database and the machine's Redis under a prefix of this test's own. The server only
// writes the job's row and puts its ids on the document-store-jobs queue; the worker runs it.

const HANDBOOK = HANDBOOK_PARAGRAPHS.join('\n\n')
const plainText = (storeId: string) => ({
  storeId,
  loaderId: 'plainText',
  loaderConfig: { text: HANDBOOK },
  splitterId: 'recursiveCharacterTextSplitter',
  splitterConfig: { chunkSize: 80, chunkOverlap: 0 },
})

describe.each(testDialects())('document store jobs in queue mode on $name', (dialect) => {
  let t: TestApp
  let worker: FastifyInstance | undefined
  let admin: Browser
  let prefix: string
  let queue: Queue

  const startWorker = async () => {
    worker = await buildApp(t.config, { role: 'worker', databaseSchema: t.schema, logger: false })
  }
  const stopWorker = async () => {
    await worker?.close()
    worker = undefined
  }

  beforeEach(async () => {
    prefix = `weft-h6-dsjobs-${randomBytes(4).toString('hex')}`
    t = await startTestApp({
      dialect,
      env: { MODE: 'queue', REDIS_URL: TEST_REDIS_URL, WEFT_QUEUE_PREFIX: prefix },
    })
    await startWorker()
    admin = await setUpAdmin(t.app)
    queue = new Queue(RUN_QUEUES.documentStore, { connection: { url: TEST_REDIS_URL }, prefix })
  })
  afterEach(async () => {
    await queue.close()
    await stopWorker()
    await t.close()
    await removeRedisKeys(prefix)
  })

  const storeOf = async (id: string) => (await admin.get(`${API}/store/${id}`)).body
  const jobsOf = async (storeId: string) => (await admin.get<DocumentStoreJob[]>(`${API}/jobs/${storeId}`)).body

  it('processes a loader on the worker: with no worker the job waits queued, a worker started later runs it', async () => {
    await stopWorker()
    const store = await createStore(admin)
    const loader = await saveLoader(admin, plainText(store.id))
    const started = await admin.post<DocumentStoreJob>(`${API}/loader/process/${loader.id}`)
    expect(started.status).toBe(202)
    expect(started.body).toMatchObject({ kind: 'process', status: 'queued' })
    const jobId = started.body.id

    // The server ran nothing: the job is on the queue with its ids only, and its row stays queued.
    const queued = await queue.getJob(jobId)
    expect(queued?.data).toEqual({
      jobId,
      workspaceId: expect.any(String),
      kind: 'process',
      loaderBefore: { status: loader.status, updatedAt: expect.any(String) },
    })
    expect(await queue.getJobState(jobId)).toBe('waiting')
    for (let look = 0; look < 5; look++) {
      expect((await jobsOf(store.id))[0]).toMatchObject({ id: jobId, status: 'queued' })
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect((await storeOf(store.id)).loaders[0].status).toBe('SYNCING')
    // However long it waits for a worker, the sweep of silent jobs leaves it: it is on the queue.
    const queueMode = openQueueMode(t.config.queue!)
    try {
      const ctx = { db: t.db, dialect: dialect.name, log: t.app.log, config: t.config, queue: queueMode }
      await markInterruptedJobs(ctx, Date.now() + 60 * 60_000)
    } finally {
      await queueMode.close()
    }
    expect((await jobsOf(store.id))[0]).toMatchObject({ id: jobId, status: 'queued' })

    await startWorker()
    expect(await waitForJob(admin, store.id, jobId)).toMatchObject({ status: 'done', done: 4, total: 4, error: null })
    expect(await chunkTexts(admin, store.id, loader.id)).toEqual(HANDBOOK_PARAGRAPHS)
    expect(await storeOf(store.id)).toMatchObject({
      status: 'SYNC',
      totalChunks: 4,
      loaders: [{ id: loader.id, status: 'SYNC', totalChunks: 4 }],
    })
    expect(await queue.getJobState(jobId)).toBe('completed')
  })

  it('a failed processing job fails on the worker as in one process, and the queue lists it failed', async () => {
    const store = await createStore(admin)
    const loader = await saveLoader(admin, {
      ...plainText(store.id),
      splitterConfig: { chunkSize: 40, chunkOverlap: 400 },
    })
    const failed = await processLoader(admin, store.id, loader.id)
    const message = 'Recursive Character Text Splitter: Chunk Overlap (400) must be smaller than Chunk Size (40).'
    expect(failed).toMatchObject({ status: 'failed', error: message })
    expect((await storeOf(store.id)).loaders[0]).toMatchObject({ status: 'ERROR', error: message })
    await expect.poll(() => queue.getJobState(failed.id)).toBe('failed')
    expect((await queue.getJob(failed.id))?.failedReason).toBe(message)
  })

  it('cancels a job still on the queue: it is taken off, and the loader keeps its chunks and gets its status back', async () => {
    const { store, loaderId } = await processedHandbookStore(admin)
    await stopWorker()
    const started = await admin.post<DocumentStoreJob>(`${API}/loader/process/${loaderId}`)
    expect(started.status).toBe(202)
    const cancelled = await admin.post(`${API}/jobs/${started.body.id}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toMatchObject({ id: started.body.id, status: 'cancelled' })

    // Taken off the queue: the loader is free at once, with no worker to wait for.
    expect(await queue.getJob(started.body.id)).toBeUndefined()
    expect((await jobsOf(store.id)).map((job) => job.status)).toEqual(['cancelled', 'done'])
    expect(await storeOf(store.id)).toMatchObject({ status: 'SYNC', loaders: [{ status: 'SYNC', totalChunks: 4 }] })
    expect(await chunkTexts(admin, store.id, loaderId)).toEqual(HANDBOOK_PARAGRAPHS)

    // Processed again, on a worker: the cancelled job is not run and changes nothing.
    await startWorker()
    expect(await processLoader(admin, store.id, loaderId)).toMatchObject({ status: 'done', done: 4 })
    expect((await jobsOf(store.id)).map((job) => job.status)).toEqual(['done', 'cancelled', 'done'])
    expect(await storeOf(store.id)).toMatchObject({ status: 'SYNC', loaders: [{ status: 'SYNC', totalChunks: 4 }] })
  })

  it('upserts on the worker: the vectors are written and the history has the result', async () => {
    const { store } = await processedHandbookStore(admin)
    const job = await upsertStore(admin, store.id)
    expect(job).toMatchObject({ kind: 'upsert', status: 'done', done: 4, total: 4 })
    expect((await queue.getJob(job.id))?.data).toEqual({
      jobId: job.id,
      workspaceId: expect.any(String),
      kind: 'upsert',
    })
    const history = (await admin.get(`${API}/upsert-history/${store.id}`)).body
    expect(history[0]).toMatchObject({
      jobId: job.id,
      status: 'done',
      result: { numAdded: 4, numUpdated: 0, numSkipped: 0, numDeleted: 0 },
    })
    expect((await storeOf(store.id)).status).toBe('UPSERTED')
    const found = await admin.post(`${API}/vectorstore/query`, { storeId: store.id, query: 'When are expenses paid?' })
    expect(found.status).toBe(200)
    expect(JSON.stringify(found.body)).toContain('Expenses are paid back')
  })

  it('a job left running is marked interrupted by the sweep once silent, never by another process while it is fresh', async () => {
    const store = await createStore(admin)
    const loader = await saveLoader(admin, plainText(store.id))
    await processLoader(admin, store.id, loader.id)
    // What a worker killed while processing leaves: a running row, a SYNCING loader, the old chunks.
    const scope = { workspaceId: (await admin.get('/api/v1/user')).body.activeWorkspaceId }
    const { job } = await queueProcessing({ db: t.db }, scope, loader.id)
    await t.db.updateTable('document_store_jobs').set({ status: 'running' }).where('id', '=', job.id).execute()

    // Another server or worker starting on the same data (also one SQLite file) leaves it alone.
    const other = await buildApp(t.config, { databaseSchema: t.schema, logger: false })
    // Closed once its queues have connected (closing them while they connect rejects in BullMQ).
    await expect.poll(async () => (await other.inject({ url: '/api/v1/ready' })).statusCode).toBe(200)
    await other.close()
    await startWorker()
    expect((await jobsOf(store.id))[0]).toMatchObject({ id: job.id, status: 'running' })

    // Once it has been silent for longer than a live job ever is, the sweep marks it.
    const ctx = { db: t.db, dialect: dialect.name, log: t.app.log, config: t.config }
    await markInterruptedJobs(ctx, Date.now() + 16 * 60_000)
    expect((await jobsOf(store.id))[0]).toMatchObject({
      id: job.id,
      status: 'interrupted',
      error: INTERRUPTED_JOB_ERROR,
    })
    expect((await storeOf(store.id)).loaders[0]).toMatchObject({ status: 'STALE', error: INTERRUPTED_JOB_ERROR })
    expect(await chunkTexts(admin, store.id, loader.id)).toEqual(HANDBOOK_PARAGRAPHS)
    expect((await processLoader(admin, store.id, loader.id)).status).toBe('done')
  })

  it('a job whose worker died is failed on the queue, never run again, and its row marked interrupted', async () => {
    const { store, loaderId } = await processedHandbookStore(admin)
    await stopWorker()
    const started = await admin.post<DocumentStoreJob>(`${API}/loader/process/${loaderId}`)
    const jobId = started.body.id
    // A worker takes the job, starts it, and dies: its lock is never renewed.
    const dying = new Worker(RUN_QUEUES.documentStore, null, {
      connection: { url: TEST_REDIS_URL },
      prefix,
      lockDuration: 1000,
      autorun: false,
    })
    expect((await dying.getNextJob('dying-worker'))?.id).toBe(jobId)
    await t.db.updateTable('document_store_jobs').set({ status: 'running' }).where('id', '=', jobId).execute()
    await dying.close(true)

    // A worker that checks for stalled jobs every second finds it (the first worker's check, every
    // 30 s, would hold the turn that long: it is let go).
    await (await queue.client).del(`${prefix}:${RUN_QUEUES.documentStore}:stalled-check`)
    const config = { ...t.config, queue: { ...t.config.queue!, lockMs: 1000 } }
    worker = await buildApp(config, { role: 'worker', databaseSchema: t.schema, logger: false })
    await expect
      .poll(async () => (await jobsOf(store.id))[0], { timeout: 15_000 })
      .toMatchObject({ id: jobId, status: 'interrupted', error: INTERRUPTED_JOB_ERROR })
    expect(await queue.getJobState(jobId)).toBe('failed')
    // Failed without being run again (it would have ended done).
    expect((await queue.getJob(jobId))?.failedReason).toBe('job stalled more than allowable limit')
    expect(await storeOf(store.id)).toMatchObject({
      status: 'STALE',
      loaders: [{ status: 'STALE', error: INTERRUPTED_JOB_ERROR, totalChunks: 4 }],
    })
    expect(await chunkTexts(admin, store.id, loaderId)).toEqual(HANDBOOK_PARAGRAPHS)
    expect((await processLoader(admin, store.id, loaderId)).status).toBe('done')
  })

  // On PostgreSQL a test can hold the job's row, so the worker waits in the middle of the job.
  it.skipIf(dialect.name !== 'postgres')(
    'a worker shutting down lets a running job finish within the grace period, and stops one past it',
    async () => {
      const { store, loaderId } = await processedHandbookStore(admin)
      const holdRow = (jobId: string) => {
        let release = () => {}
        const released = new Promise<void>((resolve) => (release = resolve))
        let held = () => {}
        const holding = new Promise<void>((resolve) => (held = resolve))
        const done = t.db.transaction().execute(async (trx) => {
          await trx.selectFrom('document_store_jobs').select('id').where('id', '=', jobId).forUpdate().execute()
          held()
          await released
        })
        return { holding, release: async () => (release(), await done) }
      }
      const runningJob = async () => {
        await stopWorker()
        const started = await admin.post<DocumentStoreJob>(`${API}/loader/process/${loaderId}`)
        const row = holdRow(started.body.id)
        await row.holding
        await startWorker()
        await expect.poll(() => documentStoreWorkerOf(worker!)!.active()).toBe(1)
        return { jobId: started.body.id, row }
      }

      // Within the grace period: it finishes.
      const first = await runningJob()
      const closing = documentStoreWorkerOf(worker!)!.close(60_000)
      await first.row.release()
      expect(await closing).toBe(true)
      expect((await jobsOf(store.id))[0]).toMatchObject({ id: first.jobId, status: 'done' })

      // Past it: stopped and marked interrupted, its chunks kept.
      const second = await runningJob()
      const stopping = documentStoreWorkerOf(worker!)!.close(0)
      await second.row.release()
      expect(await stopping).toBe(false)
      await expect
        .poll(async () => (await jobsOf(store.id))[0])
        .toMatchObject({
          id: second.jobId,
          status: 'interrupted',
          error: INTERRUPTED_JOB_ERROR,
        })
      expect(await chunkTexts(admin, store.id, loaderId)).toEqual(HANDBOOK_PARAGRAPHS)
    },
  )

  it('a job Redis refuses after its row was written ends failed, its loader as before', async () => {
    const store = await createStore(admin)
    const loader = await saveLoader(admin, plainText(store.id))
    const scope = { workspaceId: (await admin.get('/api/v1/user')).body.activeWorkspaceId }
    const queued = await queueProcessing({ db: t.db }, scope, loader.id)
    const refusing = {
      queues: { [RUN_QUEUES.documentStore]: { add: () => Promise.reject(new Error('Connection is closed.')) } },
    } as unknown as QueueMode
    const data = { ...idsOf(queued.job), ...beforeOf(queued) }
    await expect(enqueueOrAbandon({ db: t.db, log: t.app.log }, refusing, queued, data)).rejects.toMatchObject({
      statusCode: 503,
      message: JOB_QUEUE_UNREACHABLE,
    })
    expect((await jobsOf(store.id))[0]).toMatchObject({ status: 'failed', error: JOB_QUEUE_UNREACHABLE })
    expect(await storeOf(store.id)).toMatchObject({ status: 'NEW', loaders: [{ status: loader.status }] })
    expect((await processLoader(admin, store.id, loader.id)).status).toBe('done')
  })
})

describe('document store jobs in queue mode while Redis cannot be reached', () => {
  let t: TestApp
  beforeEach(async () => {
    t = await startTestApp({
      dialect: { name: 'sqlite' },
      // A port nothing listens on.
      env: { MODE: 'queue', REDIS_URL: 'redis://127.0.0.1:1', WEFT_QUEUE_WAIT_MS: '300' },
    })
  })
  afterEach(() => t.close())

  it('answers processing and upserting 503 with a clear message and leaves nothing queued', async () => {
    const admin = await setUpAdmin(t.app)
    const store = await createStore(admin)
    const loader = await saveLoader(admin, plainText(store.id))
    const res = await admin.post(`${API}/loader/process/${loader.id}`)
    expect(res.status).toBe(503)
    expect(res.body.message).toBe(JOB_QUEUE_UNREACHABLE)
    expect((await admin.get(`${API}/jobs/${store.id}`)).body).toEqual([])
    expect((await admin.get(`${API}/store/${store.id}`)).body).toMatchObject({
      status: 'NEW',
      loaders: [{ status: loader.status }],
    })

    // Chunks processed in this process, as a server before queue mode would have.
    const scope = { workspaceId: (await admin.get('/api/v1/user')).body.activeWorkspaceId }
    const outbound = createOutboundGuard({ allowedPrivateHosts: [] })
    await runProcessJob(
      { db: t.db, dialect: 'sqlite', outbound },
      await queueProcessing({ db: t.db }, scope, loader.id),
      new AbortController().signal,
    )
    await outbound.close()
    const before = (await admin.get(`${API}/jobs/${store.id}`)).body
    expect(before.map((job: DocumentStoreJob) => job.status)).toEqual(['done'])

    const upsert = await admin.post(`${API}/vectorstore/insert`, {
      storeId: store.id,
      embeddingName: 'offlineEmbeddings',
      embeddingConfig: {},
      vectorStoreName: 'embeddedVectorStore',
      vectorStoreConfig: {},
    })
    expect(upsert.status).toBe(503)
    expect(upsert.body.message).toBe(JOB_QUEUE_UNREACHABLE)
    expect((await admin.get(`${API}/jobs/${store.id}`)).body).toEqual(before)
    expect((await admin.get(`${API}/upsert-history/${store.id}`)).body).toEqual([])
  })
})
