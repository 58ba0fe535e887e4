import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import chatMistralAI from '../chat-models/chat-mistral-ai.node.js'
import mistralAIEmbeddings from '../embeddings/mistral-ai-embeddings.node.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { ask, runModelNode, weatherTool } from '../testing/run-model-node.js'
import { testFetch } from '../testing/test-fetch.js'
import { chat, ModelCallError, type ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'

// Mistral's API is OpenAI-shaped (`/v1/chat/completions`, `/v1/embeddings`), so the OpenAI stand-in serves it.
let mock: MockOpenAIServer
let fetch: OutboundFetch
beforeAll(async () => {
  mock = await startMockOpenAI()
  fetch = testFetch(mock.url)
})
afterAll(() => mock.close())

const signal = new AbortController().signal
const credential = { mistralAIAPIKey: 'mistral-test' }
const lastRequest = () => mock.requests.at(-1)!
// Flowise's Override Endpoint is the host alone; the node adds /v1.
const model = (inputs: Record<string, unknown> = {}) =>
  runModelNode<ChatModel>(
    chatMistralAI,
    { modelName: 'mistral-small-latest', overrideEndpoint: mock.url, ...inputs },
    credential,
    fetch,
  )

describe('ChatMistralAI', () => {
  it('streams the answer, with the key as a bearer token and the node settings in the request', async () => {
    mock.script({ text: 'Bonjour from Mistral.' })
    const tokens: string[] = []
    const result = await chat(
      await model({ temperature: '0.2', maxOutputTokens: '40', topP: '0.8', randomSeed: '7', safeMode: true }),
      { messages: ask('Salut?'), signal, onToken: (token) => tokens.push(token) },
    )
    expect(tokens).toEqual(['Bonjour ', 'from ', 'Mistral.'])
    expect(result.text).toBe('Bonjour from Mistral.')
    expect(lastRequest().path).toBe('/v1/chat/completions')
    expect(lastRequest().headers.authorization).toBe('Bearer mistral-test')
    expect(lastRequest().body).toMatchObject({
      model: 'mistral-small-latest',
      stream: true,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Salut?' }] }],
      temperature: 0.2,
      max_tokens: 40,
      top_p: 0.8,
      random_seed: 7,
      safe_prompt: true,
    })
  })

  it('runs a tool the model asks for', async () => {
    mock.script({ toolCalls: [{ id: 'abc123xyz', name: 'weather', arguments: { city: 'Lyon' } }] }, { text: 'Sunny.' })
    const result = await chat(await model(), { messages: ask('Weather?'), tools: [weatherTool], maxSteps: 2, signal })
    expect(result.usedTools).toEqual([{ tool: 'weather', toolInput: { city: 'Lyon' }, toolOutput: 'Sunny in Lyon' }])
    expect(result.text).toBe('Sunny.')
    expect(mock.requests.at(-2)!.body!.tools).toMatchObject([{ type: 'function', function: { name: 'weather' } }])
  })

  it('turns an error into a ModelCallError naming the model', async () => {
    mock.script({ status: 401, body: { message: 'Unauthorized' } })
    const call = chat(await model(), { messages: ask('Hi'), signal })
    await expect(call).rejects.toThrow(ModelCallError)
    await expect(call).rejects.toThrow('Mistral mistral-small-latest: the server answered HTTP 401')
  })

  it('asks for a credential when there is no API key', async () => {
    await expect(runModelNode(chatMistralAI, {}, undefined, fetch)).rejects.toThrow(
      'ChatMistralAI needs a MistralAI API key: choose a credential in Connect Credential',
    )
  })
})

describe('MistralAI Embeddings', () => {
  it('embeds texts in batches, new lines stripped, at the Override Endpoint', async () => {
    const embedder = await runModelNode<Embedder>(
      mistralAIEmbeddings,
      { modelName: 'mistral-embed', batchSize: '2', stripNewLines: true, overrideEndpoint: mock.baseURL },
      credential,
      fetch,
    )
    const before = mock.requests.length
    const vectors = await embedder.embed(['a\nb', 'c', 'd'])
    expect(vectors).toHaveLength(3)
    expect(vectors[0]).toHaveLength(8)
    expect(mock.requests.slice(before).map((request) => [request.path, request.body])).toEqual([
      ['/v1/embeddings', expect.objectContaining({ model: 'mistral-embed', input: ['a b', 'c'] })],
      ['/v1/embeddings', expect.objectContaining({ input: ['d'] })],
    ])
    expect(lastRequest().headers.authorization).toBe('Bearer mistral-test')
  })
})
