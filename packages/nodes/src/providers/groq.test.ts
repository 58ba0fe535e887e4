import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import groqChat from '../chat-models/groq-chat.node.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { ask, runModelNode, weatherTool } from '../testing/run-model-node.js'
import { testFetch } from '../testing/test-fetch.js'
import { chat, ModelCallError, type ChatModel } from './chat-model.js'

// Groq's API is OpenAI-shaped, so the OpenAI stand-in serves it at the credential's Base URL.
let mock: MockOpenAIServer
let fetch: OutboundFetch
beforeAll(async () => {
  mock = await startMockOpenAI()
  fetch = testFetch(mock.url)
})
afterAll(() => mock.close())

const signal = new AbortController().signal
const lastRequest = () => mock.requests.at(-1)!
const model = (inputs: Record<string, unknown> = {}) =>
  runModelNode<ChatModel>(
    groqChat,
    { modelName: 'llama-3.3-70b-versatile', ...inputs },
    { groqApiKey: 'gsk-test', groqApiBaseUrl: mock.baseURL },
    fetch,
  )

describe('GroqChat', () => {
  it('streams the answer with the key as a bearer token', async () => {
    mock.script({ text: 'Fast answer here.' })
    const tokens: string[] = []
    const result = await chat(await model({ temperature: '0.1' }), {
      messages: ask('Quick?'),
      signal,
      onToken: (token) => tokens.push(token),
    })
    expect(tokens).toEqual(['Fast ', 'answer ', 'here.'])
    expect(result.text).toBe('Fast answer here.')
    expect(lastRequest().path).toBe('/v1/chat/completions')
    expect(lastRequest().headers.authorization).toBe('Bearer gsk-test')
    expect(lastRequest().body).toMatchObject({
      model: 'llama-3.3-70b-versatile',
      stream: true,
      temperature: 0.1,
      messages: [{ role: 'user', content: 'Quick?' }],
    })
  })

  it('answers in one piece when Streaming is off', async () => {
    mock.script({ text: 'One piece.' })
    const tokens: string[] = []
    await chat(await model({ streaming: 'false' }), { messages: ask('Hi'), signal, onToken: (t) => tokens.push(t) })
    expect(tokens).toEqual(['One piece.'])
    expect(lastRequest().body!.stream).not.toBe(true)
  })

  it('runs a tool the model asks for', async () => {
    mock.script({ toolCalls: [{ name: 'weather', arguments: { city: 'Rome' } }] }, { text: 'Warm.' })
    const result = await chat(await model(), { messages: ask('Weather?'), tools: [weatherTool], maxSteps: 2, signal })
    expect(result.usedTools).toEqual([{ tool: 'weather', toolInput: { city: 'Rome' }, toolOutput: 'Sunny in Rome' }])
    expect(result.text).toBe('Warm.')
  })

  it('turns an error into a ModelCallError naming the model', async () => {
    mock.script({ status: 429, body: { error: { message: 'Rate limit reached', type: 'tokens' } } })
    const call = chat(await model(), { messages: ask('Hi'), signal })
    await expect(call).rejects.toThrow(ModelCallError)
    await expect(call).rejects.toThrow('Groq llama-3.3-70b-versatile: the server answered HTTP 429: Rate limit reached')
  })

  it('asks for a credential when there is no API key', async () => {
    await expect(runModelNode(groqChat, {}, undefined, fetch)).rejects.toThrow(
      'GroqChat needs a Groq API key: choose a credential in Connect Credential',
    )
  })
})
