import type { VectorQueryResult } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { startQdrantStandIn, type QdrantStandIn } from '../../../nodes/src/testing/qdrant-stand-in.js'
import { testDialects } from '../test/dialects.js'
import { API, HANDBOOK_PARAGRAPHS, processedHandbookStore, upsertStore } from '../test/document-stores.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// A store upserted through the real provider code, against stand-ins this test starts on
// 127.0.0.1: an OpenAI-compatible embeddings server and a Qdrant server.

describe.each(testDialects())('document store upserts through providers on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    // The stand-ins listen on loopback, which the outbound guard refuses unless allowed.
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  async function credential(credentialName: string, plainDataObj: Record<string, string>): Promise<string> {
    const res = await admin.post('/api/v1/credentials', {
      name: `Test ${credentialName}`,
      credentialName,
      plainDataObj,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.id as string
  }

  const query = (storeId: string, text: string, topK = 2) =>
    admin.post<VectorQueryResult & { message?: string }>(`${API}/vectorstore/query`, { storeId, query: text, topK })

  describe('with OpenAI Compatible Embeddings', () => {
    let mock: MockOpenAIServer
    beforeEach(async () => {
      mock = await startMockOpenAI()
    })
    afterEach(() => mock.close())

    const embedded = () => mock.requests.filter((request) => request.path === '/v1/embeddings')
    const inputsOf = (requests: ReturnType<typeof embedded>) =>
      requests.flatMap((request) => {
        const input = request.body?.input
        return Array.isArray(input) ? input.map(String) : [String(input)]
      })

    it('embeds the chunks at the server, then embeds the query there to search the store', async () => {
      const { store } = await processedHandbookStore(admin)
      const key = await credential('openAIApi', { openAIApiKey: 'sk-store-test' })
      const job = await upsertStore(admin, store.id, {
        embeddingName: 'openAIEmbeddingsCustom',
        embeddingConfig: { credential: key, basePath: mock.baseURL, modelName: 'mock-embedder' },
        vectorStoreName: 'embeddedVectorStore',
        vectorStoreConfig: {},
      })
      expect(job, JSON.stringify(job)).toMatchObject({ status: 'done', done: 4, total: 4, error: null })
      const atUpsert = embedded()
      expect(atUpsert.length).toBeGreaterThan(0)
      expect(atUpsert.every((request) => request.body?.model === 'mock-embedder')).toBe(true)
      expect(atUpsert.every((request) => request.headers.authorization === 'Bearer sk-store-test')).toBe(true)
      expect(new Set(inputsOf(atUpsert))).toEqual(new Set(HANDBOOK_PARAGRAPHS))

      const found = await query(store.id, 'when are laptops replaced?')
      expect(found.status, JSON.stringify(found.body)).toBe(200)
      expect(found.body.docs).toHaveLength(2)
      expect(HANDBOOK_PARAGRAPHS).toContain(found.body.docs[0]!.pageContent)
      expect(found.body.docs[0]!.metadata).toMatchObject({ source: 'handbook.txt' })
      // The store's first search may also embed a probe to learn the vectors' length.
      expect(inputsOf(embedded().slice(atUpsert.length))).toContain('when are laptops replaced?')
    })
  })

  describe('with Qdrant', () => {
    const API_KEY = 'qdrant-store-test'
    let qdrant: QdrantStandIn
    beforeEach(async () => {
      qdrant = await startQdrantStandIn({ apiKey: API_KEY })
    })
    afterEach(() => qdrant.close())

    /** The collection as the stand-in holds it, asked over its own API. */
    async function pointsIn(collection: string): Promise<number> {
      const res = await fetch(`${qdrant.url}/collections/${collection}`, { headers: { 'api-key': API_KEY } })
      expect(res.status).toBe(200)
      return ((await res.json()) as { result: { points_count: number } }).result.points_count
    }

    it('upserts the chunks into the collection, finds the right one first and deletes them on request', async () => {
      const { store } = await processedHandbookStore(admin)
      const key = await credential('qdrantApi', { qdrantApiKey: API_KEY })
      const job = await upsertStore(admin, store.id, {
        embeddingName: 'offlineEmbeddings',
        embeddingConfig: {},
        vectorStoreName: 'qdrant',
        vectorStoreConfig: { credential: key, qdrantServerUrl: qdrant.url, qdrantCollection: 'handbook' },
      })
      expect(job, JSON.stringify(job)).toMatchObject({ status: 'done', done: 4, total: 4, error: null })
      expect(await pointsIn('handbook')).toBe(4)
      expect(qdrant.requests.length).toBeGreaterThan(0)
      expect(qdrant.requests.every((request) => request.apiKey === API_KEY)).toBe(true)

      const found = await query(store.id, 'when are laptops replaced?')
      expect(found.status, JSON.stringify(found.body)).toBe(200)
      expect(found.body.docs.map((doc) => doc.pageContent)[0]).toBe(
        'Laptops are replaced every three years by the IT desk.',
      )
      expect(found.body.docs[0]!.metadata).toMatchObject({ source: 'handbook.txt' })
      expect(found.body.docs[0]!.score).toBeGreaterThan(found.body.docs[1]!.score)
      const searched = qdrant.requests.filter((request) => request.path.endsWith('/points/search'))
      expect(searched.length).toBeGreaterThan(0)

      const removed = await admin.delete(`${API}/vectorstore/${store.id}`)
      expect(removed.status, JSON.stringify(removed.body)).toBe(200)
      expect(removed.body.totalChunks).toBe(4)
      expect(await pointsIn('handbook')).toBe(0)
      expect((await query(store.id, 'laptops')).body.docs).toEqual([])
    })
  })
})
