import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { DocumentStore, DocumentStoreJob, UpsertHistoryEntry } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openEmbeddedCollection } from '../../nodes/src/vector-stores/embedded/embedded-collection.js'
import { vectorIdOf } from './services/document-store-vectors.js'
import { childServer, type ChildServer } from './test/child-server.js'
import { testDialects, type TestDialect } from './test/dialects.js'

// The real thing: the compiled server in a child process, killed with SIGKILL while it upserts
// 10,000 chunks into the embedded vector store, then started again on the same data folder (and
// database).

const CHUNKS = 10_000
const API = '/api/v1/document-store'
const WORDS = ['refund', 'laptop', 'holiday', 'office', 'travel', 'expense', 'badge', 'parking', 'train', 'desk']
const paragraph = (i: number) =>
  `Note ${i}: ${WORDS[i % 10]} ${WORDS[Math.floor(i / 10) % 10]} ${WORDS[Math.floor(i / 100) % 10]} rule ${i}.`

describe.each(testDialects())('a document store upsert across a server crash, on $name', (dialect: TestDialect) => {
  let server: ChildServer
  let cookie: string
  beforeEach(async () => {
    server = await childServer('upsert-restart', {}, { dialect })
  })
  afterEach(() => server.close())

  async function call<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${server.base}${API}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: res.status, body: (await res.json()) as T }
  }
  const jobOf = async (storeId: string, jobId: string) =>
    (await call<DocumentStoreJob[]>('GET', `/jobs/${storeId}`)).body.find((job) => job.id === jobId)!
  async function waitUntil(storeId: string, jobId: string, ready: (job: DocumentStoreJob) => boolean) {
    for (;;) {
      const job = await jobOf(storeId, jobId)
      if (ready(job)) return job
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
  const isOver = (job: DocumentStoreJob) => !['queued', 'running'].includes(job.status)
  const upsert = (storeId: string) =>
    call<DocumentStoreJob>('POST', '/vectorstore/insert', {
      storeId,
      embeddingName: 'offlineEmbeddings',
      embeddingConfig: {},
      vectorStoreName: 'embeddedVectorStore',
      vectorStoreConfig: {},
    })

  /** Every chunk's vector id, read back through the chunk pages as the server stores them. */
  async function expectedVectorIds(storeId: string, loaderId: string): Promise<Set<string>> {
    const ids = new Set<string>()
    for (let page = 1; ids.size < CHUNKS; page++) {
      const { body } = await call('GET', `/chunks/${storeId}/${loaderId}/${page}`)
      for (const chunk of body.chunks) ids.add(vectorIdOf(loaderId, chunk.pageContent, chunk.metadata))
      if (body.chunks.length === 0) break
    }
    return ids
  }

  it('leaves only whole vectors of current chunks, marks the job interrupted, and upserts again to the end', async () => {
    await server.start()
    cookie = await server.signIn()
    const store = (await call<DocumentStore>('POST', '/store', { name: 'Rules' })).body
    const text = Array.from({ length: CHUNKS }, (_, i) => paragraph(i)).join('\n\n')
    const loader = (
      await call('POST', '/loader/save', {
        storeId: store.id,
        loaderId: 'plainText',
        loaderConfig: { text },
        splitterId: 'recursiveCharacterTextSplitter',
        splitterConfig: { chunkSize: 60, chunkOverlap: 0 },
      })
    ).body
    const processing = (await call<DocumentStoreJob>('POST', `/loader/process/${loader.id}`)).body
    expect(await waitUntil(store.id, processing.id, isOver)).toMatchObject({ status: 'done', total: CHUNKS })

    const started = await upsert(store.id)
    expect(started.status).toBe(202)
    const partway = await waitUntil(store.id, started.body.id, (job) => job.done > 0 || isOver(job))
    expect(partway.status, 'the upsert must still run when the server is killed').toBe('running')
    await server.kill()
    await server.backdateUnfinishedWork()

    // While it is down: the collection holds only whole records, each the vector of a current chunk.
    const folders = readdirSync(join(server.home, 'vectors'))
    expect(folders).toHaveLength(1)
    const collection = await openEmbeddedCollection(join(server.home, 'vectors', folders[0]!), `store-${store.id}`, 256)
    const written = await collection.ids()
    expect(written.length).toBeGreaterThan(0)
    expect(written.length).toBeLessThan(CHUNKS)
    await collection.close()

    await server.start()
    cookie = await server.signIn()
    const expected = await expectedVectorIds(store.id, loader.id)
    expect(expected.size).toBe(CHUNKS)
    for (const id of written) expect(expected.has(id)).toBe(true)
    const interrupted = await jobOf(store.id, started.body.id)
    expect(interrupted.status).toBe('interrupted')
    expect((await call<DocumentStore>('GET', `/store/${store.id}`)).body.status).not.toBe('UPSERTING')
    const found = await call('POST', '/vectorstore/query', { storeId: store.id, query: paragraph(7), topK: 1 })
    expect(found.status).toBe(200)

    const again = await upsert(store.id)
    expect(again.status).toBe(202)
    expect(await waitUntil(store.id, again.body.id, isOver)).toMatchObject({ status: 'done', done: CHUNKS })
    const [latest] = (await call<UpsertHistoryEntry[]>('GET', `/upsert-history/${store.id}`)).body
    expect(latest!.result!.numAdded + latest!.result!.numUpdated).toBe(CHUNKS)
    expect((await call<DocumentStore>('GET', `/store/${store.id}`)).body.status).toBe('UPSERTED')
    const best = await call('POST', '/vectorstore/query', { storeId: store.id, query: paragraph(4321), topK: 1 })
    expect(best.body.docs[0].pageContent).toBe(paragraph(4321))
    await server.kill()
    const reopened = await openEmbeddedCollection(join(server.home, 'vectors', folders[0]!), `store-${store.id}`, 256)
    expect(new Set(await reopened.ids())).toEqual(expected)
    await reopened.close()
  }, 180_000)
})
