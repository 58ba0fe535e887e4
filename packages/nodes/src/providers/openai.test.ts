import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { testFetch } from '../testing/test-fetch.js'
import { chat, ModelCallError, type Tool } from './chat-model.js'
import { openAIChatModel, openAIEmbedder } from './openai.js'

let mock: MockOpenAIServer
/** The outbound guard of a server whose administrator allowed the mock's loopback address. */
let fetch: OutboundFetch
beforeAll(async () => {
  mock = await startMockOpenAI()
  fetch = testFetch(mock.url)
})
afterAll(() => mock.close())

const credential = { openAIApiKey: 'sk-test-123' }
const model = (inputs: Record<string, unknown> = {}) =>
  openAIChatModel({ modelName: 'gpt-4o-mini', basePath: mock.baseURL, ...inputs }, credential, fetch)
const ask = (question: string) => [{ role: 'user' as const, content: question }]
const lastRequest = () => mock.requests.at(-1)!

const adder: Tool = {
  kind: 'tool',
  name: 'add',
  description: 'Adds two numbers.',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  execute: async (input) => String(Number(input.a) + Number(input.b)),
}

describe('ChatOpenAI against an OpenAI-compatible server', () => {
  it('streams the tokens in order and reports usage', async () => {
    mock.script({ text: 'Refunds are possible within 30 days.', usage: { promptTokens: 12, completionTokens: 6 } })
    const tokens: string[] = []
    const result = await chat(model(), {
      messages: ask('Refunds?'),
      signal: new AbortController().signal,
      onToken: (t) => tokens.push(t),
    })
    expect(tokens).toEqual(['Refunds ', 'are ', 'possible ', 'within ', '30 ', 'days.'])
    expect(result.text).toBe('Refunds are possible within 30 days.')
    expect(result.usage).toEqual({ inputTokens: 12, outputTokens: 6, totalTokens: 18 })
    expect(lastRequest().path).toBe('/v1/chat/completions')
    expect(lastRequest().body).toMatchObject({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [{ role: 'user', content: 'Refunds?' }],
    })
  })

  it('sends the node settings, the API key as a bearer token and the Base Options headers', async () => {
    const inputs = {
      temperature: '0.2',
      maxTokens: '50',
      topP: 0.9,
      baseOptions: '{ "headers": { "X-Team": "support" } }',
    }
    await chat(model(inputs), { messages: ask('Hi'), signal: new AbortController().signal })
    expect(lastRequest().headers.authorization).toBe('Bearer sk-test-123')
    expect(lastRequest().headers['x-team']).toBe('support')
    expect(lastRequest().body).toMatchObject({ temperature: 0.2, max_tokens: 50, top_p: 0.9 })
  })

  it('runs the tools the model calls and answers with their result', async () => {
    mock.script({ toolCalls: [{ name: 'add', arguments: { a: 2, b: 3 } }] }, { text: 'The sum is 5.' })
    const used: string[] = []
    const result = await chat(model(), {
      messages: ask('What is 2 plus 3?'),
      tools: [adder],
      maxSteps: 3,
      signal: new AbortController().signal,
      onToolUsed: (tool) => used.push(tool.toolOutput),
    })
    expect(result.text).toBe('The sum is 5.')
    expect(result.usedTools).toEqual([{ tool: 'add', toolInput: { a: 2, b: 3 }, toolOutput: '5' }])
    expect(used).toEqual(['5'])
    const followUp = lastRequest().body!.messages as { role: string; content: unknown }[]
    expect(followUp.at(-1)).toMatchObject({ role: 'tool', content: '5' })
    expect(mock.requests.at(-2)!.body!.tools).toMatchObject([{ type: 'function', function: { name: 'add' } }])
  })

  it('answers as one token when streaming is off', async () => {
    mock.script({ text: 'All at once.' })
    const tokens: string[] = []
    await chat(model({ streaming: false }), {
      messages: ask('Hi'),
      signal: new AbortController().signal,
      onToken: (t) => tokens.push(t),
    })
    expect(tokens).toEqual(['All at once.'])
  })

  it.each([
    [500, 'The server had an error'],
    [401, 'Incorrect API key provided'],
  ])('turns an HTTP %i from the model into a ModelCallError naming the model', async (status, message) => {
    mock.script({ status, body: { error: { message, type: 'server_error' } } })
    const call = chat(model(), { messages: ask('Hi'), signal: new AbortController().signal })
    await expect(call).rejects.toThrow(ModelCallError)
    await expect(call).rejects.toThrow(`OpenAI gpt-4o-mini: the server answered HTTP ${status}: ${message}`)
  })

  it('stops the call when the signal aborts mid-stream, and the server sees the connection closed', async () => {
    mock.script({ text: 'one two three four five', chunkDelayMs: 60_000 })
    const controller = new AbortController()
    const tokens: string[] = []
    const call = chat(model(), {
      messages: ask('Count'),
      signal: controller.signal,
      onToken: (token) => {
        tokens.push(token)
        controller.abort()
      },
    })
    await expect(call).rejects.toMatchObject({ name: 'AbortError' })
    expect(tokens).toEqual(['one '])
    await expect(lastRequest().outcome).resolves.toBe('closed by client')
  })

  it('gives up after the node timeout with an error that says so', async () => {
    mock.script({ text: 'too late', delayMs: 60_000 })
    const call = chat(model({ timeout: '50' }), { messages: ask('Hi'), signal: new AbortController().signal })
    await expect(call).rejects.toThrow("OpenAI gpt-4o-mini: no answer within 50 ms (the node's Timeout)")
    await expect(lastRequest().outcome).resolves.toBe('closed by client')
  })

  it('never shows the key when the server repeats it in an error answer', async () => {
    mock.script({ status: 401, body: { error: { message: 'Incorrect API key provided: sk-test-123.' } } })
    const call = chat(model(), { messages: ask('Hi'), signal: new AbortController().signal })
    await expect(call).rejects.toThrow('Incorrect API key provided: ***.')
    await expect(call).rejects.not.toThrow('sk-test-123')
  })

  it('asks for a credential when there is no API key', () => {
    expect(() => openAIChatModel({ modelName: 'gpt-4o' }, undefined, fetch)).toThrow(
      'ChatOpenAI needs an OpenAI API key: choose a credential in Connect Credential',
    )
  })
})

describe('OpenAI Embeddings', () => {
  it('embeds texts in batches with the chosen dimensions', async () => {
    const embedder = openAIEmbedder(
      { modelName: 'text-embedding-3-small', basePath: mock.baseURL, batchSize: '2', dimensions: '4' },
      credential,
      fetch,
    )
    const before = mock.requests.length
    const vectors = await embedder.embed(['a', 'b', 'c'])
    expect(vectors).toHaveLength(3)
    expect(vectors.every((vector) => vector.length === 4)).toBe(true)
    const sent = mock.requests.slice(before).map((request) => request.body)
    expect(sent).toMatchObject([
      { model: 'text-embedding-3-small', input: ['a', 'b'], dimensions: 4 },
      { input: ['c'], dimensions: 4 },
    ])
    expect(mock.requests.at(-1)!.headers.authorization).toBe('Bearer sk-test-123')
  })

  it('turns an error from the server into a ModelCallError naming the model', async () => {
    mock.script({ status: 429, body: { error: { message: 'Rate limit reached' } }, endpoint: 'embeddings' })
    const embedder = openAIEmbedder({ basePath: mock.baseURL }, credential, fetch)
    await expect(embedder.embed(['a'])).rejects.toThrow(
      'OpenAI text-embedding-3-small: the server answered HTTP 429: Rate limit reached',
    )
  })
})
