import { FlowiseClient } from 'flowise-sdk'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, listen } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// Flowise's published client, flowise-sdk 1.0.9, unchanged, as a Flowise user's script runs it:
// against the app over real HTTP, a private flow reached with its API key, the model a local stand-in.

/** A conversation chain with a buffer memory, its chat model pointed at the stand-in. */
function conversationFlow(mock: MockOpenAIServer): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
  const memory = flow.add('bufferMemory', 0, 400)
  const chain = flow.add('conversationChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(memory, chain, 'memory')
  return JSON.stringify(flow.build())
}

/** flowise-sdk's own history type: `{ message, type }`. */
const SDK_HISTORY = [
  { type: 'userMessage' as const, message: 'My name is Ada.' },
  { type: 'apiMessage' as const, message: 'Nice to meet you, Ada.' },
]

type SentMessage = { role: string; content: unknown }
const lastChatMessages = (mock: MockOpenAIServer): SentMessage[] => {
  const chat = mock.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)
  return ((chat?.body as { messages?: SentMessage[] } | undefined)?.messages ?? []).map(({ role, content }) => ({
    role,
    content,
  }))
}

describe.each(testDialects())('flowise-sdk against Weft on $name', (dialect) => {
  let mock: MockOpenAIServer
  let t: TestApp
  let admin: Browser
  let baseUrl: string

  beforeAll(async () => {
    mock = await startMockOpenAI()
  })
  afterAll(() => mock.close())
  beforeEach(async () => {
    mock.requests.length = 0
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host } })
    admin = await setUpAdmin(t.app)
    baseUrl = await listen(t.app)
  })
  afterEach(async () => {
    t.app.server.closeAllConnections()
    await t.close()
  })

  const privateFlowWithKey = async () => {
    const flow = await createFlow(admin, conversationFlow(mock))
    const apiKey = (await admin.post('/api/v1/apikey', { keyName: 'Script', flowIds: [flow.id] })).body.apiKey as string
    return { flow, apiKey }
  }

  it('streams a private flow with its API key: tokens arrive, the whole answer is right', async () => {
    const { flow, apiKey } = await privateFlowWithKey()
    mock.script({ text: 'Weft streams private flows too' })
    const client = new FlowiseClient({ baseUrl, apiKey })
    const stream = await client.createPrediction({ chatflowId: flow.id, question: 'Do you stream?', streaming: true })
    const events: { event: string; data: unknown }[] = []
    for await (const event of stream) events.push(event)
    const tokens = events.filter((e) => e.event === 'token').map((e) => e.data as string)
    expect(tokens.length).toBeGreaterThan(1)
    expect(tokens.join('')).toBe('Weft streams private flows too')
    expect(events.map((e) => e.event)).toContain('end')
    expect(events.some((e) => e.event === 'error')).toBe(false)
  })

  it('sends history in the SDK’s own shape, which the model receives as earlier turns', async () => {
    const { flow, apiKey } = await privateFlowWithKey()
    mock.script({ text: 'Your name is Ada.' }, { text: 'Still Ada.' })
    const client = new FlowiseClient({ baseUrl, apiKey })
    const answer = await client.createPrediction({
      chatflowId: flow.id,
      question: 'What is my name?',
      history: SDK_HISTORY,
    })
    expect(answer.text).toBe('Your name is Ada.')
    expect(lastChatMessages(mock).slice(-3)).toEqual([
      { role: 'user', content: 'My name is Ada.' },
      { role: 'assistant', content: 'Nice to meet you, Ada.' },
      { role: 'user', content: expect.stringContaining('What is my name?') },
    ])

    const stream = await client.createPrediction({
      chatflowId: flow.id,
      question: 'And now?',
      streaming: true,
      history: SDK_HISTORY,
    })
    const tokens: string[] = []
    for await (const event of stream) if (event.event === 'token') tokens.push(event.data)
    expect(tokens.join('')).toBe('Still Ada.')
    expect(lastChatMessages(mock).slice(-3, -1)).toEqual([
      { role: 'user', content: 'My name is Ada.' },
      { role: 'assistant', content: 'Nice to meet you, Ada.' },
    ])
  })
})
