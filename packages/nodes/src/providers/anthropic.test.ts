import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { testFetch } from '../testing/test-fetch.js'
import { anthropicChatModel } from './anthropic.js'
import { chat, ModelCallError, type Tool } from './chat-model.js'

let mock: MockOpenAIServer
/** The outbound guard of a server whose administrator allowed the mock's loopback address. */
let fetch: OutboundFetch
beforeAll(async () => {
  mock = await startMockOpenAI()
  fetch = testFetch(mock.url)
})
afterAll(() => mock.close())

const signal = new AbortController().signal
const credential = { anthropicApiKey: 'sk-ant-test' }
const model = (inputs: Record<string, unknown> = {}) =>
  anthropicChatModel({ modelName: 'claude-sonnet-4-5', basePath: mock.baseURL, ...inputs }, credential, fetch)
const ask = (question: string) => [{ role: 'user' as const, content: question }]
const lastRequest = () => mock.requests.at(-1)!

describe('ChatAnthropic', () => {
  it('streams the answer and sends the key as x-api-key', async () => {
    mock.script({ text: 'Claude says hi.' })
    const tokens: string[] = []
    const result = await chat(model({ maxTokensToSample: '100' }), {
      system: 'Be brief.',
      messages: ask('Hi'),
      signal,
      onToken: (token) => tokens.push(token),
    })
    expect(tokens).toEqual(['Claude ', 'says ', 'hi.'])
    expect(result.usage.outputTokens).toBe(3)
    expect(lastRequest().path).toBe('/v1/messages')
    expect(lastRequest().headers['x-api-key']).toBe('sk-ant-test')
    expect(lastRequest().body).toMatchObject({ model: 'claude-sonnet-4-5', max_tokens: 100, stream: true })
  })

  it('runs a tool the model asks for', async () => {
    const clock: Tool = {
      kind: 'tool',
      name: 'clock',
      description: 'Tells the time.',
      inputSchema: { type: 'object', properties: { zone: { type: 'string' } } },
      execute: async (input) => `12:00 in ${String(input.zone)}`,
    }
    mock.script({ toolCalls: [{ name: 'clock', arguments: { zone: 'UTC' } }] }, { text: 'It is noon.' })
    const result = await chat(model(), { messages: ask('Time?'), tools: [clock], maxSteps: 2, signal })
    expect(result.usedTools).toEqual([{ tool: 'clock', toolInput: { zone: 'UTC' }, toolOutput: '12:00 in UTC' }])
    expect(result.text).toBe('It is noon.')
  })

  it('turns an error into a ModelCallError naming the model', async () => {
    mock.script({
      status: 401,
      body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    })
    const call = chat(model(), { messages: ask('Hi'), signal })
    await expect(call).rejects.toThrow(ModelCallError)
    await expect(call).rejects.toThrow('Anthropic claude-sonnet-4-5: the server answered HTTP 401: invalid x-api-key')
  })

  it('asks for thinking when Extended Thinking is on', async () => {
    await chat(model({ extendedThinking: true, budgetTokens: '2048' }), { messages: ask('Hi'), signal })
    expect(lastRequest().body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2048 } })
  })

  it('asks for a credential when there is no API key', () => {
    expect(() => anthropicChatModel({}, {}, fetch)).toThrow(
      'ChatAnthropic needs an Anthropic API key: choose a credential in Connect Credential',
    )
  })
})
