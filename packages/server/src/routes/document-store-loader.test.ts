import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testFlowData } from '../../../engine/src/testing/test-flow.js'
import { testDialects } from '../test/dialects.js'
import { createStore, processedHandbookStore } from '../test/document-stores.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { addWorkspace, switchWorkspace } from '../test/workspace-members.js'

// Flowise's Document Store loader node (`documentStore`): a store's chunks, processed on the Document
// Stores page and not necessarily upserted, loaded into a chatflow as documents.

describe.each(testDialects())('the Document Store loader node on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  /** Built-in responder, the loader into an in-memory vector store with the built-in embedder, a QA chain. */
  const loaderFlow = (selectedStore: string) =>
    testFlowData([
      { id: 'chatOffline_0' },
      { id: 'offlineEmbeddings_0' },
      { id: 'documentStore_0', inputs: { selectedStore }, output: 'document' },
      {
        id: 'memoryVectorStore_0',
        inputs: {
          document: ['{{documentStore_0.data.instance}}'],
          embeddings: '{{offlineEmbeddings_0.data.instance}}',
          topK: 1,
        },
        output: 'retriever',
      },
      {
        id: 'retrievalQAChain_0',
        inputs: {
          model: '{{chatOffline_0.data.instance}}',
          vectorStoreRetriever: '{{memoryVectorStore_0.data.instance}}',
        },
      },
    ])

  it('lists the stores that hold chunks, upserted or not, and answers from their chunks', async () => {
    const { store } = await processedHandbookStore(admin)
    await createStore(admin, 'Empty', 'Nothing loaded yet')
    const listed = await admin.post('/api/v1/node-load-method/documentStore', { loadMethod: 'listChunkedStores' })
    expect(listed.body).toEqual([{ label: 'Handbook', name: store.id, description: 'Team handbook' }])
    // The Document Store (Vector) node searches upserted stores only; this one is not.
    const searchable = await admin.post('/api/v1/node-load-method/documentStoreVS', { loadMethod: 'listStores' })
    expect(searchable.body).toEqual([])

    const flow = await createFlow(admin, JSON.stringify(loaderFlow(store.id)))
    const answer = await admin.post(`/api/v1/prediction/${flow.id}`, { question: 'How often are laptops replaced?' })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.sourceDocuments).toEqual([
      {
        pageContent: 'Laptops are replaced every three years by the IT desk.',
        metadata: expect.objectContaining({ source: 'handbook.txt' }),
      },
    ])
  })

  it("answers 422 naming the store when it has no chunks, or is another workspace's", async () => {
    const empty = await createStore(admin, 'Empty', 'Nothing loaded yet')
    const emptyFlow = await createFlow(admin, JSON.stringify(loaderFlow(empty.id)))
    const answer = await admin.post(`/api/v1/prediction/${emptyFlow.id}`, { question: 'Anything?' })
    expect(answer.status).toBe(422)
    expect(answer.body.message).toContain(
      'Document store "Empty" has no chunks yet: add a loader and process it first.',
    )

    const { store } = await processedHandbookStore(admin)
    await switchWorkspace(admin, await addWorkspace(t, admin))
    const otherFlow = await createFlow(admin, JSON.stringify(loaderFlow(store.id)))
    const elsewhere = await admin.post(`/api/v1/prediction/${otherFlow.id}`, { question: 'Laptops?' })
    expect(elsewhere.status).toBe(422)
    expect(elsewhere.body.message).toContain(`Document store ${store.id} not found`)
    const listed = await admin.post('/api/v1/node-load-method/documentStore', { loadMethod: 'listChunkedStores' })
    expect(listed.body).toEqual([])
  })
})
