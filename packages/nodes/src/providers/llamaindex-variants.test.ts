import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import chatOpenAILlamaIndex from '../chat-models/chat-openai-llamaindex.node.js'
import openAIEmbeddingLlamaIndex from '../embeddings/openai-embedding-llamaindex.node.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { ask, runModelNode, weatherTool } from '../testing/run-model-node.js'
import { testFetch } from '../testing/test-fetch.js'
import { chat, type ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'

// Flowise's LlamaIndex-named OpenAI nodes run on the same OpenAI provider as ChatOpenAI and
// OpenAI Embeddings.

let mock: MockOpenAIServer
let guarded: OutboundFetch
/** The run's guard with api.openai.com answered by the stand-in: the test's way in, not a flow's. */
let openAIHere: OutboundFetch
beforeAll(async () => {
  mock = await startMockOpenAI()
  guarded = testFetch(mock.url)
  openAIHere = (input, init) =>
    guarded(String(input instanceof Request ? input.url : input).replace('https://api.openai.com', mock.url), init)
})
afterAll(() => mock.close())

const signal = new AbortController().signal
const credential = { openAIApiKey: 'sk-llama' }
const lastRequest = () => mock.requests.at(-1)!

describe('ChatOpenAI (LlamaIndex)', () => {
  it('streams from the OpenAI chat completions API with its inputs', async () => {
    mock.script({ text: 'Indexed answer.' })
    const model = await runModelNode<ChatModel>(
      chatOpenAILlamaIndex,
      { modelName: 'gpt-4o', temperature: '0.5', maxTokens: '20', topP: '0.9' },
      credential,
      openAIHere,
    )
    const tokens: string[] = []
    const result = await chat(model, { messages: ask('Hi'), signal, onToken: (token) => tokens.push(token) })
    expect(tokens).toEqual(['Indexed ', 'answer.'])
    expect(result.text).toBe('Indexed answer.')
    expect(lastRequest().path).toBe('/v1/chat/completions')
    expect(lastRequest().headers.authorization).toBe('Bearer sk-llama')
    expect(lastRequest().body).toMatchObject({ model: 'gpt-4o', temperature: 0.5, max_tokens: 20, top_p: 0.9 })
  })

  it('runs tools, and reads no Base Path saved with the flow (Flowise has none on this node)', async () => {
    mock.script({ toolCalls: [{ name: 'weather', arguments: { city: 'Turin' } }] }, { text: 'Done.' })
    const elsewhere: string[] = []
    const model = await runModelNode<ChatModel>(
      chatOpenAILlamaIndex,
      { basePath: 'http://127.0.0.1:9/v1', basepath: 'http://127.0.0.1:9/v1' },
      credential,
      (input, init) => {
        elsewhere.push(String(input))
        return openAIHere(input, init)
      },
    )
    const result = await chat(model, { messages: ask('Weather?'), tools: [weatherTool], maxSteps: 2, signal })
    expect(result.usedTools).toEqual([{ tool: 'weather', toolInput: { city: 'Turin' }, toolOutput: 'Sunny in Turin' }])
    expect(elsewhere.every((url) => url.startsWith('https://api.openai.com/v1/'))).toBe(true)
  })

  it("goes where the credential's Base Path says, which only whoever saves the key decides", async () => {
    mock.script({ text: 'From the proxy.' })
    const model = await runModelNode<ChatModel>(
      chatOpenAILlamaIndex,
      { modelName: 'gpt-4o' },
      { ...credential, openAIApiBasePath: mock.baseURL },
      guarded,
    )
    const result = await chat(model, { messages: ask('Hi'), signal })
    expect(result.text).toBe('From the proxy.')
    expect(lastRequest().headers.authorization).toBe('Bearer sk-llama')
  })
})

describe('OpenAI Embedding (LlamaIndex)', () => {
  it("embeds texts at Flowise's basepath", async () => {
    const embedder = await runModelNode<Embedder>(
      openAIEmbeddingLlamaIndex,
      { modelName: 'text-embedding-3-small', basepath: mock.baseURL },
      credential,
      guarded,
    )
    const vectors = await embedder.embed(['alpha', 'beta'])
    expect(vectors).toHaveLength(2)
    expect(lastRequest().path).toBe('/v1/embeddings')
    expect(lastRequest().body).toMatchObject({ model: 'text-embedding-3-small', input: ['alpha', 'beta'] })
    expect(lastRequest().headers.authorization).toBe('Bearer sk-llama')
  })
})
