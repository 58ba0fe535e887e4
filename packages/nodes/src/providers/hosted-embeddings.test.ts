import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import huggingFaceInferenceEmbeddings from '../embeddings/hugging-face-inference-embeddings.node.js'
import jinaEmbeddings from '../embeddings/jina-embeddings.node.js'
import localAIEmbeddings from '../embeddings/local-ai-embeddings.node.js'
import togetherAIEmbedding from '../embeddings/together-ai-embedding.node.js'
import voyageAIEmbeddings from '../embeddings/voyage-ai-embeddings.node.js'
import type { LoopbackApi } from '../testing/loopback-api.js'
import { startMockEmbeddingApis } from '../testing/mock-embedding-apis.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { runModelNode } from '../testing/run-model-node.js'
import { testFetch } from '../testing/test-fetch.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import type { Embedder } from './embedder.js'

let openAI: MockOpenAIServer
let apis: LoopbackApi
let fetch: OutboundFetch
beforeAll(async () => {
  openAI = await startMockOpenAI()
  apis = await startMockEmbeddingApis()
  fetch = testFetch(openAI.url, apis.url)
})
afterAll(async () => {
  await openAI.close()
  await apis.close()
})

describe('OpenAI-style embedding services', () => {
  it('LocalAI Embeddings embeds at the Base Path, with the key only when a credential has one', async () => {
    const embedder = await runModelNode<Embedder>(
      localAIEmbeddings,
      { basePath: openAI.baseURL, modelName: 'bert' },
      undefined,
      fetch,
    )
    const vectors = await embedder.embed(['one', 'two'])
    expect(vectors).toHaveLength(2)
    expect(openAI.requests.at(-1)!.headers.authorization).toBeUndefined()
    expect(openAI.requests.at(-1)!.body).toMatchObject({ model: 'bert', input: ['one', 'two'] })
  })

  it('TogetherAIEmbedding sends the Together key to the credential Base URL', async () => {
    const embedder = await runModelNode<Embedder>(
      togetherAIEmbedding,
      { modelName: 'BAAI/bge-base-en-v1.5' },
      { togetherAIApiKey: 'tg-key-1', togetherAIApiBaseUrl: openAI.baseURL },
      fetch,
    )
    expect(await embedder.embed(['hello'])).toHaveLength(1)
    expect(openAI.requests.at(-1)!.headers.authorization).toBe('Bearer tg-key-1')
  })
})

describe('embedding services over plain HTTP', () => {
  const cases = [
    {
      node: jinaEmbeddings,
      credential: () => ({ jinaAIAPIKey: 'jina-key-1', jinaAIApiBaseUrl: `${apis.url}/v1` }),
      inputs: () => ({}),
      key: 'jina-key-1',
      path: '/v1/embeddings',
    },
    {
      node: voyageAIEmbeddings,
      credential: () => ({ apiKey: 'voyage-key-1', endpoint: `${apis.url}/v1/embeddings` }),
      inputs: () => ({ modelName: 'voyage-3.5' }),
      key: 'voyage-key-1',
      path: '/v1/embeddings',
    },
    {
      node: huggingFaceInferenceEmbeddings,
      credential: () => ({ huggingFaceApiKey: 'hf-key-1' }),
      inputs: () => ({ endpoint: `${apis.url}/hf/mini` }),
      key: 'hf-key-1',
      path: '/hf/mini',
    },
  ]
  const build = (c: (typeof cases)[number], useFetch = fetch) =>
    runModelNode<Embedder>(c.node, c.inputs(), c.credential(), useFetch)

  it.each(cases.map((c) => [c.node.descriptor.name, c] as const))(
    '%s answers one vector per text, in order, with its key as a bearer token',
    async (_name, c) => {
      const vectors = await (await build(c)).embed(['a b c', 'hello\nthere'])
      expect(vectors).toEqual([
        [5, 3, 1],
        [11, 2, 1],
      ])
      const request = apis.requests.at(-1)!
      expect(request.url).toBe(c.path)
      expect(request.headers.authorization).toBe(`Bearer ${c.key}`)
    },
  )

  it.each(cases.map((c) => [c.node.descriptor.name, c] as const))(
    '%s reports a refusal without the key',
    async (_name, c) => {
      const failure = (await (await build(c)).embed(['fail']).catch((error: unknown) => error)) as Error
      expect(failure.message).toMatch(/the server answered HTTP 401: Invalid token Bearer \*\*\*/)
      expect(failure.message).not.toContain(c.key)
    },
  )

  it.each(cases.map((c) => [c.node.descriptor.name, c] as const))(
    '%s reaches a private address only when the administrator allowed it',
    async (_name, c) => {
      const before = apis.requests.length
      await expect((await build(c, testFetch())).embed(['x'])).rejects.toThrow('the address is private')
      expect(apis.requests.length).toBe(before)
    },
  )

  it('Hugging Face sends line breaks as spaces, as Flowise does', async () => {
    await (await build(cases[2]!)).embed(['line\nbreak'])
    expect(JSON.parse(apis.requests.at(-1)!.body)).toEqual({ inputs: ['line break'] })
  })
})
