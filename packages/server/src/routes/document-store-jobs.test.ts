import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createOutboundGuard } from '@weft/nodes'
import { buildApp } from '../app.js'
import {
  INTERRUPTED_JOB_ERROR,
  markInterruptedJobs,
  queueProcessing,
  runProcessJob,
} from '../services/document-store-jobs.service.js'
import { testDialects } from '../test/dialects.js'
import {
  API,
  chunkTexts,
  createStore,
  processLoader,
  saveLoader,
  uploadFile,
  waitForJob,
} from '../test/document-stores.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

const HANDBOOK =
  'Holidays are booked in the portal.\n\nExpenses need a receipt.\n\nLaptops are replaced every three years.'
const splitter = (chunkSize: number, chunkOverlap = 0) => ({
  splitterId: 'recursiveCharacterTextSplitter',
  splitterConfig: { chunkSize, chunkOverlap },
})

describe.each(testDialects())('document store jobs on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  const storeOf = async (id: string) => (await admin.get(`${API}/store/${id}`)).body
  const chunkRows = (loaderId: string) =>
    t.db.selectFrom('document_store_chunks').select(['id', 'page_content']).where('loader_id', '=', loaderId).execute()

  it('processes a loader in the background: chunks with metadata, progress to the end, SYNC', async () => {
    const store = await createStore(admin)
    const file = (await uploadFile(admin, store.id, 'people.csv', 'name,team\nAda,eng\nBo,sales\n', 'text/csv')).body
    const loader = await saveLoader(admin, {
      storeId: store.id,
      loaderId: 'csvFile',
      loaderConfig: { files: [file.id] },
      metadata: { kind: 'people' },
    })
    const started = await admin.post(`${API}/loader/process/${loader.id}`)
    expect(started.status).toBe(202)
    expect(started.body).toMatchObject({ storeId: store.id, loaderId: loader.id, kind: 'process', status: 'queued' })

    const job = await waitForJob(admin, store.id, started.body.id)
    expect(job).toMatchObject({ status: 'done', done: 2, total: 2, error: null })
    const page = (await admin.get(`${API}/chunks/${store.id}/${loader.id}/1`)).body
    expect(page.chunks.map((c: { pageContent: string; metadata: unknown }) => [c.pageContent, c.metadata])).toEqual([
      ['name: Ada\nteam: eng', { source: 'people.csv', row: 1, kind: 'people' }],
      ['name: Bo\nteam: sales', { source: 'people.csv', row: 2, kind: 'people' }],
    ])
    expect(await storeOf(store.id)).toMatchObject({
      status: 'SYNC',
      totalChunks: 2,
      totalChars: 'name: Ada\nteam: eng'.length + 'name: Bo\nteam: sales'.length,
      loaders: [{ id: loader.id, status: 'SYNC', totalChunks: 2 }],
    })
  })

  it('replaces the chunks when processed again with other settings', async () => {
    const store = await createStore(admin)
    const settings = { storeId: store.id, loaderId: 'plainText', loaderConfig: { text: HANDBOOK } }
    const loader = await saveLoader(admin, { ...settings, ...splitter(1000) })
    await processLoader(admin, store.id, loader.id)
    const old = await chunkRows(loader.id)
    expect(old).toHaveLength(1)

    const saved = await saveLoader(admin, { ...settings, id: loader.id, ...splitter(40) })
    expect(saved.status).toBe('STALE')
    expect((await storeOf(store.id)).status).toBe('STALE')
    expect(await processLoader(admin, store.id, loader.id)).toMatchObject({ status: 'done', done: 3, total: 3 })
    expect(await chunkTexts(admin, store.id, loader.id)).toEqual([
      'Holidays are booked in the portal.',
      'Expenses need a receipt.',
      'Laptops are replaced every three years.',
    ])
    const now = await chunkRows(loader.id)
    expect(now.map((row) => row.id)).not.toContain(old[0]!.id)
    expect((await storeOf(store.id)).totalChunks).toBe(3)
  })

  it('keeps the old chunks and marks the loader ERROR when processing fails', async () => {
    const store = await createStore(admin)
    const settings = { storeId: store.id, loaderId: 'plainText', loaderConfig: { text: HANDBOOK } }
    const loader = await saveLoader(admin, { ...settings, ...splitter(40) })
    await processLoader(admin, store.id, loader.id)
    const before = await chunkRows(loader.id)

    await saveLoader(admin, { ...settings, id: loader.id, ...splitter(40, 400) })
    const failed = await processLoader(admin, store.id, loader.id)
    const message = 'Recursive Character Text Splitter: Chunk Overlap (400) must be smaller than Chunk Size (40).'
    expect(failed).toMatchObject({ status: 'failed', error: message })
    expect(await chunkRows(loader.id)).toEqual(before)
    expect(await storeOf(store.id)).toMatchObject({
      status: 'STALE',
      totalChunks: 3,
      loaders: [{ status: 'ERROR', error: message, totalChunks: 3 }],
    })
    // Fixed, it runs again.
    await saveLoader(admin, { ...settings, id: loader.id, ...splitter(1000) })
    expect((await processLoader(admin, store.id, loader.id)).status).toBe('done')
    expect(await storeOf(store.id)).toMatchObject({ status: 'SYNC', totalChunks: 1, loaders: [{ status: 'SYNC' }] })
  })

  it('keeps the store’s status when a failed job changed no chunk', async () => {
    const store = await createStore(admin)
    const settings = { storeId: store.id, loaderId: 'plainText', loaderConfig: { text: HANDBOOK } }
    const first = await saveLoader(admin, { ...settings, ...splitter(40) })
    await processLoader(admin, store.id, first.id)
    expect((await storeOf(store.id)).status).toBe('SYNC')

    // A second loader whose PDF cannot be read: it fails, the first loader's chunks are untouched.
    const broken = (await uploadFile(admin, store.id, 'broken.pdf', 'not a PDF at all', 'application/pdf')).body
    const second = await saveLoader(admin, {
      storeId: store.id,
      loaderId: 'pdfFile',
      loaderConfig: { files: [broken.id] },
    })
    expect((await storeOf(store.id)).status).toBe('NEW')
    const failed = await processLoader(admin, store.id, second.id)
    expect(failed.status).toBe('failed')
    expect(await storeOf(store.id)).toMatchObject({
      status: 'NEW',
      totalChunks: 3,
      loaders: [
        { id: first.id, status: 'SYNC' },
        { id: second.id, status: 'ERROR', error: failed.error },
      ],
    })
    // Without it the store is processed again, and the failure left nothing to redo.
    await admin.delete(`${API}/loader/${store.id}/${second.id}`)
    expect((await storeOf(store.id)).status).toBe('SYNC')
  })

  it('cancels a job before it writes: the loader keeps its chunks and status', async () => {
    const store = await createStore(admin)
    const settings = { storeId: store.id, loaderId: 'plainText', loaderConfig: { text: HANDBOOK } }
    const loader = await saveLoader(admin, { ...settings, ...splitter(40) })
    await processLoader(admin, store.id, loader.id)
    const before = await chunkRows(loader.id)

    const scope = { workspaceId: (await admin.get('/api/v1/user')).body.activeWorkspaceId }
    const queued = await queueProcessing({ db: t.db }, scope, loader.id)
    expect((await storeOf(store.id)).loaders[0].status).toBe('SYNCING')
    expect((await admin.post(`${API}/loader/process/${loader.id}`)).status).toBe(409)
    expect((await admin.delete(`${API}/loader/${store.id}/${loader.id}`)).status).toBe(409)

    const cancelled = await admin.post(`${API}/jobs/${queued.job.id}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toMatchObject({ id: queued.job.id, status: 'cancelled' })
    const outbound = createOutboundGuard({ allowedPrivateHosts: [] })
    await runProcessJob({ db: t.db, dialect: dialect.name, outbound }, queued, new AbortController().signal)
    await outbound.close()

    expect(await chunkRows(loader.id)).toEqual(before)
    expect(await storeOf(store.id)).toMatchObject({ status: 'SYNC', loaders: [{ status: 'SYNC', totalChunks: 3 }] })
    const jobs = (await admin.get(`${API}/jobs/${store.id}`)).body
    expect(jobs.map((job: { status: string }) => job.status)).toEqual(['cancelled', 'done'])
    const again = await admin.post(`${API}/jobs/${jobs[1].id}/cancel`)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This job is over (done); there is nothing to cancel.')
  })

  it('marks jobs a stopped server left running as interrupted and their loaders STALE', async () => {
    const store = await createStore(admin)
    const loader = await saveLoader(admin, {
      storeId: store.id,
      loaderId: 'plainText',
      loaderConfig: { text: HANDBOOK },
    })
    await processLoader(admin, store.id, loader.id)
    const before = await chunkRows(loader.id)
    // What a server killed while processing leaves: a running job, a SYNCING loader, the old chunks.
    const scope = { workspaceId: (await admin.get('/api/v1/user')).body.activeWorkspaceId }
    const { job } = await queueProcessing({ db: t.db }, scope, loader.id)
    const written = new Date(Date.now() - 60_000).toISOString()
    await t.db
      .updateTable('document_store_jobs')
      .set({ status: 'running', updated_at: written })
      .where('id', '=', job.id)
      .execute()

    if (dialect.name === 'sqlite') {
      // A real restart on the same data folder.
      const again = await buildApp(t.config, { logger: false })
      await again.close()
    } else {
      // Another server may share PostgreSQL: a job written a minute ago may still be running there.
      const ctx = { db: t.db, dialect: dialect.name, log: t.app.log, config: t.config }
      await markInterruptedJobs(ctx)
      expect((await admin.get(`${API}/jobs/${store.id}`)).body[0].status).toBe('running')
      await markInterruptedJobs(ctx, Date.now() + 15 * 60_000)
    }

    const [interrupted] = (await admin.get(`${API}/jobs/${store.id}`)).body
    expect(interrupted).toMatchObject({ id: job.id, status: 'interrupted', error: INTERRUPTED_JOB_ERROR })
    expect(await storeOf(store.id)).toMatchObject({
      status: 'STALE',
      loaders: [{ status: 'STALE', error: INTERRUPTED_JOB_ERROR, totalChunks: 1 }],
    })
    expect(await chunkRows(loader.id)).toEqual(before)
    expect((await processLoader(admin, store.id, loader.id)).status).toBe('done')
  })
})
