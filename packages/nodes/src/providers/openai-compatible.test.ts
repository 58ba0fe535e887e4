import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { testFetch } from '../testing/test-fetch.js'
import { chat, ModelCallError } from './chat-model.js'
import { ollamaChatModel, ollamaEmbedder } from './ollama.js'
import { openAICompatibleChatModel, openAICompatibleEmbedder } from './openai-compatible.js'

let mock: MockOpenAIServer
/** The outbound guard of a server whose administrator allowed the mock's loopback address. */
let fetch: OutboundFetch
beforeAll(async () => {
  mock = await startMockOpenAI()
  fetch = testFetch(mock.url)
})
afterAll(() => mock.close())

const signal = new AbortController().signal
const ask = (question: string) => [{ role: 'user' as const, content: question }]
const lastRequest = () => mock.requests.at(-1)!

describe('ChatOpenAI Compatible', () => {
  it('streams from the server at the Base Path, without a key when none is chosen', async () => {
    mock.script({ text: 'Hello from vLLM.' })
    const model = openAICompatibleChatModel({ basePath: `${mock.baseURL}/`, modelName: 'qwen2.5' }, undefined, fetch)
    const tokens: string[] = []
    const result = await chat(model, { messages: ask('Hi'), signal, onToken: (token) => tokens.push(token) })
    expect(tokens).toEqual(['Hello ', 'from ', 'vLLM.'])
    expect(result.usage.totalTokens).toBeGreaterThan(0)
    expect(lastRequest().path).toBe('/v1/chat/completions')
    expect(lastRequest().headers.authorization).toBeUndefined()
    expect(lastRequest().body).toMatchObject({
      model: 'qwen2.5',
      stream: true,
      stream_options: { include_usage: true },
    })
  })

  it('sends the optional key and the Base Options headers', async () => {
    const model = openAICompatibleChatModel(
      { basePath: mock.baseURL, modelName: 'qwen2.5', baseOptions: { headers: { 'X-Tenant': 'blue' } } },
      { openAIApiKey: 'local-key' },
      fetch,
    )
    await chat(model, { messages: ask('Hi'), signal })
    expect(lastRequest().headers.authorization).toBe('Bearer local-key')
    expect(lastRequest().headers['x-tenant']).toBe('blue')
  })

  it('names the model and server when the server fails', async () => {
    mock.script({ status: 500, body: { error: { message: 'CUDA out of memory' } } })
    const model = openAICompatibleChatModel({ basePath: mock.baseURL, modelName: 'qwen2.5' }, undefined, fetch)
    const call = chat(model, { messages: ask('Hi'), signal })
    await expect(call).rejects.toThrow(ModelCallError)
    await expect(call).rejects.toThrow(`qwen2.5 at ${mock.baseURL}: the server answered HTTP 500: CUDA out of memory`)
  })

  it('says what is missing when the Base Path or model is not set', () => {
    expect(() => openAICompatibleChatModel({ modelName: 'x' }, undefined, fetch)).toThrow(
      'ChatOpenAI Compatible needs a Base Path',
    )
    expect(() => openAICompatibleChatModel({ basePath: mock.baseURL }, undefined, fetch)).toThrow(
      'ChatOpenAI Compatible needs a Model Name',
    )
  })

  it('embeds through the server with the chosen dimensions', async () => {
    const embedder = openAICompatibleEmbedder(
      { basePath: mock.baseURL, modelName: 'bge-small', dimensions: 3, stripNewLines: true },
      undefined,
      fetch,
    )
    const vectors = await embedder.embed(['line one\nline two'])
    expect(vectors[0]).toHaveLength(3)
    expect(lastRequest().body).toMatchObject({ model: 'bge-small', input: ['line one line two'], dimensions: 3 })
  })
})

describe('model servers at private addresses', () => {
  it('are refused, in every spelling, unless the administrator allowed them; nothing reaches them', async () => {
    const nothingAllowed = testFetch()
    const { port } = new URL(mock.url)
    const before = mock.requests.length
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '127.1',
      '[::ffff:127.0.0.1]',
      '[::1]',
      'localhost',
    ]) {
      const address = `http://${host}:${port}`
      const refusal = `Weft could not reach ${new URL(address).origin}: the address is private, unreachable or refused the connection.`
      const models = [
        openAICompatibleChatModel({ basePath: `${address}/v1`, modelName: 'qwen2.5' }, undefined, nothingAllowed),
        ollamaChatModel({ baseUrl: address, modelName: 'llama3.2' }, nothingAllowed),
      ]
      for (const model of models) {
        await expect(chat(model, { messages: ask('Hi'), signal }), address).rejects.toThrow(refusal)
      }
      const embedder = openAICompatibleEmbedder(
        { basePath: `${address}/v1`, modelName: 'bge' },
        undefined,
        nothingAllowed,
      )
      await expect(embedder.embed(['a'])).rejects.toThrow(refusal)
    }
    for (const address of ['http://169.254.169.254', 'http://10.0.0.1:11434']) {
      const model = ollamaChatModel({ baseUrl: address, modelName: 'llama3.2' }, nothingAllowed)
      await expect(chat(model, { messages: ask('Hi'), signal })).rejects.toThrow(`Weft could not reach ${address}:`)
    }
    expect(mock.requests.length).toBe(before)
  })
})

describe('ChatOllama', () => {
  it('talks to <Base URL>/v1 and asks for JSON in JSON mode', async () => {
    mock.script({ text: '{"ok": true}' })
    const model = ollamaChatModel(
      { baseUrl: mock.url, modelName: 'llama3.2', jsonMode: true, temperature: '0.1' },
      fetch,
    )
    const result = await chat(model, { messages: ask('Status as JSON'), signal })
    expect(result.text).toBe('{"ok": true}')
    expect(lastRequest().path).toBe('/v1/chat/completions')
    expect(lastRequest().body).toMatchObject({
      model: 'llama3.2',
      temperature: 0.1,
      response_format: { type: 'json_object' },
    })
  })

  it('labels errors with the Ollama model', async () => {
    mock.script({ status: 404, body: { error: { message: 'model "llama9" not found, try pulling it first' } } })
    const call = chat(ollamaChatModel({ baseUrl: mock.url, modelName: 'llama9' }, fetch), {
      messages: ask('Hi'),
      signal,
    })
    await expect(call).rejects.toThrow('Ollama llama9: the server answered HTTP 404: model "llama9" not found')
  })

  it('embeds with an Ollama embedding model', async () => {
    const vectors = await ollamaEmbedder({ baseUrl: mock.url, modelName: 'nomic-embed-text' }, fetch).embed(['a', 'b'])
    expect(vectors).toHaveLength(2)
    expect(lastRequest()).toMatchObject({
      path: '/v1/embeddings',
      body: { model: 'nomic-embed-text', input: ['a', 'b'] },
    })
  })
})
