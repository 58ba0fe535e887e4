import type { DocumentStore, DocumentStoreJob, UpsertHistoryEntry, VectorQueryResult } from '@weft/core'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openEmbeddedCollection } from '../../../nodes/src/vector-stores/embedded/embedded-collection.js'
import { agentflowData } from '../../../engine/src/testing/test-agentflow.js'
import { testFlowData } from '../../../engine/src/testing/test-flow.js'
import { testDialects } from '../test/dialects.js'
import {
  API,
  BUILT_IN_VECTORS,
  createStore,
  processedHandbookStore,
  startUpsert,
  waitForJob,
} from '../test/document-stores.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, createRole, signInMember, switchWorkspace } from '../test/workspace-members.js'

describe.each(testDialects())('document store upserts and queries on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    // The pgvector test's database is this machine's: the outbound rule must allow it.
    t = await startTestApp({
      dialect,
      env: { PLATFORM_TYPE: 'enterprise', WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1:5432' },
    })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  async function upsert(storeId: string, extra: Record<string, unknown> = {}): Promise<DocumentStoreJob> {
    const started = await startUpsert(admin, storeId, extra)
    expect(started).toMatchObject({ kind: 'upsert', status: 'queued', total: 4 })
    return waitForJob(admin, storeId, started.id)
  }

  const query = async (body: Record<string, unknown>) =>
    admin.post<VectorQueryResult & { message?: string }>(`${API}/vectorstore/query`, body)
  const history = async (storeId: string) =>
    (await admin.get<UpsertHistoryEntry[]>(`${API}/upsert-history/${storeId}`)).body

  it('upserts the chunks with the built-in embedder into the embedded store and finds the right chunk first', async () => {
    const { store } = await processedHandbookStore(admin)
    const job = await upsert(store.id)
    expect(job).toMatchObject({ status: 'done', done: 4, total: 4, error: null })
    const saved = (await admin.get<DocumentStore>(`${API}/store/${store.id}`)).body
    expect(saved.status).toBe('UPSERTED')
    expect(saved.embeddingConfig).toEqual({ name: 'offlineEmbeddings', config: {} })
    expect(saved.vectorStoreConfig).toEqual({ name: 'embeddedVectorStore', config: {} })
    expect((await history(store.id))[0]).toMatchObject({
      status: 'done',
      result: { numAdded: 4, numUpdated: 0, numSkipped: 0, numDeleted: 0 },
      embeddingName: 'offlineEmbeddings',
    })

    const found = await query({ storeId: store.id, query: 'when are laptops replaced?', topK: 2 })
    expect(found.status).toBe(200)
    expect(found.body.docs).toHaveLength(2)
    expect(found.body.docs[0]!.pageContent).toBe('Laptops are replaced every three years by the IT desk.')
    expect(found.body.docs[0]!.metadata).toMatchObject({ source: 'handbook.txt' })
    expect(found.body.docs[0]!.score).toBeGreaterThan(found.body.docs[1]!.score)
    expect(found.body.docs[0]!.id).not.toBe('')

    const filtered = await query({ storeId: store.id, query: 'laptops', filter: '{"source":"other.txt"}' })
    expect(filtered.body.docs).toEqual([])
    const bad = await query({ storeId: store.id, query: 'laptops', filter: '{oops' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/filter: The metadata filter must be a JSON object/)
  })

  it.runIf(dialect.name === 'postgres')(
    'upserts into PostgreSQL with pgvector and queries it the same way',
    async () => {
      const url = new URL(dialect.url!)
      const credential = await admin.post('/api/v1/credentials', {
        name: 'Local PostgreSQL',
        credentialName: 'PostgresApi',
        plainDataObj: {
          user: decodeURIComponent(url.username) || 'postgres',
          password: decodeURIComponent(url.password) || 'trust-auth-ignores-it',
        },
      })
      expect(credential.status, JSON.stringify(credential.body)).toBe(201)
      const tableName = `weft_store_test_${Date.now()}`
      const pgvector = {
        vectorStoreName: 'postgres',
        vectorStoreConfig: {
          credential: credential.body.id,
          host: url.hostname,
          port: Number(url.port || 5432),
          database: url.pathname.slice(1),
          tableName,
        },
      }
      const { store } = await processedHandbookStore(admin)
      try {
        expect(await upsert(store.id, pgvector)).toMatchObject({ status: 'done', done: 4 })
        const found = await query({ storeId: store.id, query: 'when are laptops replaced?', topK: 2 })
        expect(found.status, JSON.stringify(found.body)).toBe(200)
        expect(found.body.docs[0]!.pageContent).toBe('Laptops are replaced every three years by the IT desk.')
        const filtered = await query({ storeId: store.id, query: 'laptops', filter: { source: 'other.txt' } })
        expect(filtered.body.docs).toEqual([])
        // The same chunks again with the record manager: nothing to write.
        await upsert(store.id, { ...pgvector, recordManagerName: 'recordManager' })
        expect((await history(store.id))[0]!.result).toEqual({
          numAdded: 0,
          numUpdated: 0,
          numSkipped: 4,
          numDeleted: 0,
        })
      } finally {
        await sql`DROP TABLE IF EXISTS ${sql.table(tableName)}`.execute(t.db)
      }
    },
  )

  it('with the record manager skips unchanged chunks, re-embeds an edited one and deletes its old vector', async () => {
    const { store, loaderId } = await processedHandbookStore(admin)
    const recordManager = { recordManagerName: 'recordManager', recordManagerConfig: {} }
    expect((await upsert(store.id, recordManager)).status).toBe('done')
    expect((await upsert(store.id, recordManager)).status).toBe('done')
    expect((await history(store.id))[0]!.result).toEqual({ numAdded: 0, numUpdated: 0, numSkipped: 4, numDeleted: 0 })

    const page = (await admin.get(`${API}/chunks/${store.id}/${loaderId}/1`)).body
    const office = page.chunks.find((chunk: { pageContent: string }) => chunk.pageContent.startsWith('The office'))
    const edited = await admin.put(`${API}/chunks/${store.id}/${loaderId}/${office.id}`, {
      pageContent: 'The office opens at seven and closes at five on weekdays.',
    })
    expect(edited.status).toBe(200)
    expect((await upsert(store.id, recordManager)).status).toBe('done')
    expect((await history(store.id))[0]!.result).toEqual({ numAdded: 1, numUpdated: 0, numSkipped: 3, numDeleted: 1 })
    const found = await query({ storeId: store.id, query: 'when does the office open', topK: 4 })
    const texts = found.body.docs.map((doc) => doc.pageContent)
    expect(texts).toHaveLength(4)
    expect(texts).toContain('The office opens at seven and closes at five on weekdays.')
    expect(texts).not.toContain('The office opens at eight and closes at six on weekdays.')

    // Without the record manager every chunk is embedded again, and still nothing is duplicated.
    expect((await upsert(store.id)).status).toBe('done')
    expect((await history(store.id))[0]!.result).toEqual({ numAdded: 0, numUpdated: 4, numSkipped: 0, numDeleted: 0 })
    expect((await query({ storeId: store.id, query: 'office', topK: 10 })).body.docs).toHaveLength(4)
  })

  it('deletes the vector data on request, keeping the chunks', async () => {
    const { store } = await processedHandbookStore(admin)
    await upsert(store.id)
    const removed = await admin.delete(`${API}/vectorstore/${store.id}`)
    expect(removed.status).toBe(200)
    expect(removed.body.status).toBe('SYNC')
    expect(removed.body.totalChunks).toBe(4)
    expect((await query({ storeId: store.id, query: 'laptops' })).body.docs).toEqual([])
  })

  it('deleting a store removes its vectors from the embedded store too', async () => {
    const { store } = await processedHandbookStore(admin)
    await upsert(store.id)
    const folder = join(
      t.config.home,
      'vectors',
      (await t.db.selectFrom('document_stores').select('workspace_id').executeTakeFirstOrThrow()).workspace_id,
    )
    const collection = await openEmbeddedCollection(folder, `store-${store.id}`, 256)
    try {
      expect(await collection.count()).toBe(4)
      expect((await admin.delete(`${API}/store/${store.id}`)).status).toBe(200)
      expect(await collection.count()).toBe(0)
    } finally {
      await collection.close()
    }
  })

  it('refuses bad settings, naming them, and changes nothing', async () => {
    const { store } = await processedHandbookStore(admin)
    const insert = (body: Record<string, unknown>) =>
      admin.post(`${API}/vectorstore/insert`, { storeId: store.id, ...BUILT_IN_VECTORS, ...body })
    expect((await insert({ embeddingName: 'nope' })).body.message).toBe(
      'embeddingName: Weft has no embedding named "nope"',
    )
    expect((await insert({ vectorStoreName: 'offlineEmbeddings' })).body.message).toBe(
      'vectorStoreName: Weft has no vector store named "offlineEmbeddings"',
    )
    expect(
      (await insert({ embeddingConfig: { credential: 'missing' }, embeddingName: 'openAIEmbeddings' })).status,
    ).toBe(202)
    const failed = await waitForJob(
      admin,
      store.id,
      (await admin.get<DocumentStoreJob[]>(`${API}/jobs/${store.id}`)).body[0]!.id,
    )
    expect(failed.status).toBe('failed')
    expect(failed.error).toMatch(/credential missing/)
    const empty = await createStore(admin, 'Empty')
    const none = await admin.post(`${API}/vectorstore/insert`, { storeId: empty.id, ...BUILT_IN_VECTORS })
    expect(none.status).toBe(400)
    expect(none.body.message).toBe('There are no chunks to upsert: process a loader first.')
    const notUpserted = await query({ storeId: empty.id, query: 'x' })
    expect(notUpserted.status).toBe(400)
    expect(notUpserted.body.message).toBe('Document store "Empty" has not been upserted yet: upsert its chunks first.')
  })

  it('lets viewers query but only upsert-config holders upsert; other workspaces see nothing', async () => {
    const { store } = await processedHandbookStore(admin)
    await upsert(store.id)
    const viewer = await signInMember(t, admin, await createRole(t, admin, ['documentStores:view']))
    expect((await viewer.post(`${API}/vectorstore/query`, { storeId: store.id, query: 'laptops' })).status).toBe(200)
    expect((await viewer.post(`${API}/vectorstore/insert`, { storeId: store.id, ...BUILT_IN_VECTORS })).status).toBe(
      403,
    )
    expect((await viewer.post(`${API}/vectorstore/save`, { storeId: store.id, ...BUILT_IN_VECTORS })).status).toBe(403)

    const other = await addWorkspace(t, admin)
    await switchWorkspace(admin, other)
    expect((await query({ storeId: store.id, query: 'laptops' })).status).toBe(404)
    expect((await admin.post(`${API}/vectorstore/insert`, { storeId: store.id, ...BUILT_IN_VECTORS })).status).toBe(404)
  })

  it('answers a chatflow through the Document Store node with the source documents', async () => {
    const { store } = await processedHandbookStore(admin)
    await upsert(store.id)
    const stores = await admin.post('/api/v1/node-load-method/documentStoreVS', { loadMethod: 'listStores' })
    expect(stores.body).toEqual([{ label: 'Handbook', name: `${store.id}:Handbook`, description: 'Team handbook' }])
    const flowData = testFlowData([
      { id: 'chatOffline_0' },
      { id: 'documentStoreVS_0', inputs: { selectedStore: store.id, topK: 1 }, output: 'retriever' },
      {
        id: 'retrievalQAChain_0',
        inputs: {
          model: '{{chatOffline_0.data.instance}}',
          vectorStoreRetriever: '{{documentStoreVS_0.data.instance}}',
        },
      },
    ])
    const flow = await createFlow(admin, JSON.stringify(flowData))
    const answer = await admin.post(`/api/v1/prediction/${flow.id}`, { question: 'How often are laptops replaced?' })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.sourceDocuments).toEqual([
      {
        pageContent: 'Laptops are replaced every three years by the IT desk.',
        metadata: expect.objectContaining({ source: 'handbook.txt' }),
      },
    ])
  })

  it('answers an agentflow whose Retriever step searches the store, with the source documents', async () => {
    const { store } = await processedHandbookStore(admin)
    await upsert(store.id)
    const flowData = agentflowData(
      [
        { id: 'startAgentflow_0' },
        {
          id: 'retrieverAgentflow_0',
          inputs: { retrieverKnowledgeDocumentStores: [store.id], retrieverQuery: '{{ question }}' },
        },
      ],
      [['startAgentflow_0', 'retrieverAgentflow_0']],
    )
    const flow = await createFlow(admin, JSON.stringify(flowData), { type: 'AGENTFLOW' })
    const answer = await admin.post(`/api/v1/prediction/${flow.id}`, { question: 'expenses receipt paid back' })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.text.split('\n\n')[0]).toBe('Expenses are paid back within 30 days once a receipt is uploaded.')
    expect(answer.body.sourceDocuments?.[0]).toEqual({
      pageContent: 'Expenses are paid back within 30 days once a receipt is uploaded.',
      metadata: expect.objectContaining({ source: 'handbook.txt' }),
    })
    // The chat history keeps them too, for the chat panel to show after a reload.
    const messages = (await admin.get(`/api/v1/chatmessage/${flow.id}`)).body
    const reply = messages.find((message: { role: string }) => message.role === 'apiMessage')
    expect(reply.sourceDocuments[0].pageContent).toBe(
      'Expenses are paid back within 30 days once a receipt is uploaded.',
    )
  })
})
