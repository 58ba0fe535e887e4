import type { ChatMessage, FlowData, RunEvent } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, listen, readEvents, templateFlowData } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// Runs flows through the real engine, the real nodes and the real provider code against a scripted
// OpenAI-compatible server on 127.0.0.1, over real HTTP.

const SECRET = 'sk-test-secret-4711'

/** A chat model pointed at the mock, answering through an LLM chain, a conversation chain or a tool agent. */
function mockFlow(mock: MockOpenAIServer, shape: 'chain' | 'conversation' | 'agent', credentialId?: string): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
  if (shape === 'chain') {
    const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer briefly: {question}' })
    const chain = flow.add('llmChain', 400, 200)
    flow.connect(model, chain, 'model')
    flow.connect(prompt, chain, 'prompt')
  } else if (shape === 'conversation') {
    const memory = flow.add('bufferMemory', 0, 400)
    const chain = flow.add('conversationChain', 400, 200)
    flow.connect(model, chain, 'model')
    flow.connect(memory, chain, 'memory')
  } else {
    const calculator = flow.add('calculator', 0, 400)
    const memory = flow.add('bufferMemory', 0, 800)
    const agent = flow.add('toolAgent', 400, 200)
    flow.connect(model, agent, 'model')
    flow.connect(calculator, agent, 'tools')
    flow.connect(memory, agent, 'memory')
  }
  const data: FlowData = flow.build()
  const modelNode = data.nodes.find((node) => node.id === model)!
  if (credentialId) modelNode.data.credential = credentialId
  return JSON.stringify(data)
}

const names = (events: RunEvent[]) => [...new Set(events.map((e) => e.event))]

describe.each(testDialects())('running flows against a model server on $name', (dialect) => {
  let mock: MockOpenAIServer
  let t: TestApp
  let admin: Browser
  let base: string
  let cookie: string

  beforeAll(async () => {
    mock = await startMockOpenAI()
  })
  afterAll(() => mock.close())
  beforeEach(async () => {
    mock.requests.length = 0
    // The administrator's setting that lets flows reach a model server on this machine.
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host } })
    admin = await setUpAdmin(t.app)
    base = await listen(t.app)
    cookie = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ')
  })
  afterEach(async () => {
    // fetch keeps a spare connection open after an aborted request; the server need not wait for it.
    t.app.server.closeAllConnections()
    await t.close()
  })

  const predict = (flowId: string, body: Record<string, unknown>, init: RequestInit = {}) =>
    fetch(`${base}/api/v1/internal-prediction/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
      ...init,
    })

  it('streams the answer as events, in order, while the model is still writing', async () => {
    const flow = await createFlow(admin, mockFlow(mock, 'chain'))
    mock.script({ text: 'Weft runs flows well', chunkDelayMs: 150 })
    const res = await predict(flow.id, { question: 'What does Weft do?', streaming: true })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    expect(res.headers.get('x-accel-buffering')).toBe('no')

    await vi.waitFor(() => expect(mock.requests).toHaveLength(1), { timeout: 10_000 })
    let modelDone = false
    void mock.requests[0]!.outcome.then(() => (modelDone = true))
    let modelDoneAtFirstToken: boolean | undefined
    const events = await readEvents(res, (event) => {
      if (event.event === 'token') modelDoneAtFirstToken ??= modelDone
    })
    // The first token came while the model's answer was still open.
    expect(modelDoneAtFirstToken).toBe(false)
    expect(modelDone).toBe(true)
    expect(names(events)).toEqual(['start', 'token', 'metadata', 'end'])
    const tokens = events.filter((e) => e.event === 'token').map((e) => e.data)
    expect(tokens.length).toBeGreaterThan(1)
    expect(tokens.join('')).toBe('Weft runs flows well')
    const metadata = events.find((e) => e.event === 'metadata')!.data as { chatId: string; chatMessageId: string }
    expect(metadata).toMatchObject({ question: 'What does Weft do?', sessionId: metadata.chatId })
    expect(events.at(-1)).toEqual({ event: 'end', data: '[DONE]' })

    const stored = await admin.get(`/api/v1/chatmessage/${flow.id}?chatId=${metadata.chatId}`)
    expect(stored.body.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['userMessage', 'What does Weft do?'],
      ['apiMessage', 'Weft runs flows well'],
    ])
    expect(stored.body[1]).toMatchObject({ id: metadata.chatMessageId, chatType: 'INTERNAL' })
    expect(mock.requests[0]!.body).toMatchObject({ stream: true })
  })

  it('asks the model without streaming when the caller wants one JSON answer', async () => {
    const flow = await createFlow(admin, mockFlow(mock, 'chain'))
    mock.script({ text: 'Weft runs flows well' })
    const res = await predict(flow.id, { question: 'What does Weft do?' })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { text: string }).text).toBe('Weft runs flows well')
    expect((mock.requests[0]!.body as { stream?: boolean }).stream).not.toBe(true)
  })

  it('streams a built-in template to the bearer of its API key, as curl would ask', async () => {
    const key = (await admin.post('/api/v1/apikey', { keyName: 'Shop' })).body as { id: string; apiKey: string }
    const flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'), { apikeyid: key.id })
    const call = (headers: Record<string, string>) =>
      fetch(`${base}/api/v1/prediction/${flow.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ question: 'What is Weft?', streaming: true }),
      })
    expect((await call({})).status).toBe(401)
    const res = await call({ authorization: `Bearer ${key.apiKey}`, origin: 'https://shop.example' })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example')
    const events = await readEvents(res)
    expect(names(events)).toEqual(['start', 'token', 'metadata', 'end'])
    expect(
      events
        .filter((e) => e.event === 'token')
        .map((e) => e.data)
        .join(''),
    ).toContain('built-in responder')
  })

  it('sends the stored credential to the model and never answers it', async () => {
    const created = await admin.post('/api/v1/credentials', {
      name: 'Mock key',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: SECRET },
    })
    expect(created.status).toBe(201)
    const flow = await createFlow(admin, mockFlow(mock, 'chain', created.body.id))
    mock.script({ text: 'Answered with a key' })
    const json = await predict(flow.id, { question: 'Hi' })
    const text = await json.text()
    expect(json.status).toBe(200)
    expect(JSON.parse(text).text).toBe('Answered with a key')
    expect(mock.requests[0]!.headers.authorization).toBe(`Bearer ${SECRET}`)

    mock.script({ text: 'Streamed with a key' })
    const streamed = await (await predict(flow.id, { question: 'Hi', streaming: true })).text()
    const history = await admin.get(`/api/v1/chatmessage/${flow.id}`)
    const read = await admin.get(`/api/v1/chatflows/${flow.id}`)
    for (const answer of [text, streamed, JSON.stringify(history.body), JSON.stringify(read.body)]) {
      expect(answer).not.toContain(SECRET)
    }
  })

  it('answers a failing model with a 502 naming the node, or an error event then end', async () => {
    const flow = await createFlow(admin, mockFlow(mock, 'chain'))
    mock.script({ status: 500, body: { error: { message: 'The mock model is down' } } })
    const json = await predict(flow.id, { question: 'Hi' })
    expect(json.status).toBe(502)
    const body = (await json.json()) as { message: string; statusCode: number }
    expect(body.statusCode).toBe(502)
    expect(body.message).toContain('llmChain_0')
    expect(body.message).toContain('The mock model is down')

    mock.script({ status: 500, body: { error: { message: 'The mock model is down' } } })
    const events = await readEvents(await predict(flow.id, { question: 'Hi', streaming: true }))
    expect(names(events)).toEqual(['start', 'error', 'end'])
    expect(events[1]!.data).toContain('The mock model is down')
    // Both failed runs stay in the chat history, the answer saying why.
    const history = (await admin.get(`/api/v1/chatmessage/${flow.id}`)).body as ChatMessage[]
    expect(history.map((m) => [m.role, m.status])).toEqual([
      ['userMessage', 'failed'],
      ['apiMessage', 'failed'],
      ['userMessage', 'failed'],
      ['apiMessage', 'failed'],
    ])
    expect(history[3]!.content).toContain('The mock model is down')
  })

  it('stops the model call when the client goes away', async () => {
    const flow = await createFlow(admin, mockFlow(mock, 'chain'))
    mock.script({ text: 'Too late', delayMs: 20_000 })
    const gone = new AbortController()
    const res = await predict(flow.id, { question: 'Hi', streaming: true }, { signal: gone.signal })
    const reading = readEvents(res).catch(() => 'aborted')
    await vi.waitFor(() => expect(mock.requests).toHaveLength(1), { timeout: 10_000 })
    gone.abort()
    expect(await reading).toBe('aborted')
    expect(await mock.requests[0]!.outcome).toBe('closed by client')
    await vi.waitFor(async () => {
      const history = (await admin.get(`/api/v1/chatmessage/${flow.id}`)).body as ChatMessage[]
      expect(history.map((m) => [m.role, m.content, m.status])).toEqual([
        ['userMessage', 'Hi', 'stopped'],
        ['apiMessage', '', 'stopped'],
      ])
    })
  })

  it('stops a run that takes longer than the time limit', async () => {
    t.config.runTimeoutMs = 500 // the app reads its config object on every run
    const flow = await createFlow(admin, mockFlow(mock, 'chain'))
    mock.script({ text: 'Too late', delayMs: 20_000 })
    const res = await predict(flow.id, { question: 'Hi' })
    expect(res.status).toBe(504)
    expect(((await res.json()) as { message: string }).message).toContain('took longer than 500 ms')
    expect(await mock.requests[0]!.outcome).toBe('closed by client')
  })

  it('stores the question as the run starts, and remembers only exchanges that finished', async () => {
    const flow = await createFlow(admin, mockFlow(mock, 'conversation'))
    mock.script(
      { status: 500, body: { error: { message: 'The mock model is down' } } },
      { text: 'Slow answer', chunkDelayMs: 20_000 },
    )
    await predict(flow.id, { question: 'Asked while the model was down', chatId: 'c1' })
    const gone = new AbortController()
    const res = await predict(
      flow.id,
      { question: 'Asked second', chatId: 'c1', streaming: true },
      { signal: gone.signal },
    )
    let firstToken: () => void = () => {}
    const tokenArrived = new Promise<void>((resolve) => (firstToken = resolve))
    const reading = readEvents(res, (event) => event.event === 'token' && firstToken()).catch(() => 'aborted')
    await tokenArrived

    const history = (await admin.get(`/api/v1/chatmessage/${flow.id}?chatId=c1`)).body as ChatMessage[]
    expect(history.slice(2).map((m) => [m.role, m.content, m.status])).toEqual([
      ['userMessage', 'Asked second', 'inProgress'],
      ['apiMessage', '', 'inProgress'],
    ])
    const sent = JSON.stringify(mock.requests[1]!.body?.messages)
    expect(sent.split('Asked second')).toHaveLength(2)
    expect(sent).not.toContain('Asked while the model was down')
    gone.abort()
    await reading
  })

  it('remembers the earlier turns of the same chat, and only of that chat', async () => {
    const flow = await createFlow(admin, mockFlow(mock, 'conversation'))
    mock.script({ text: 'Nice to meet you, Ada.' }, { text: 'You are Ada.' }, { text: 'I do not know.' })
    const first = (await (await predict(flow.id, { question: 'My name is Ada.' })).json()) as { chatId: string }
    await predict(flow.id, { question: 'What is my name?', chatId: first.chatId })
    await predict(flow.id, { question: 'What is my name?', chatId: 'another-chat' })
    const sent = (i: number) => JSON.stringify(mock.requests[i]!.body?.messages)
    expect(sent(1)).toContain('My name is Ada.')
    expect(sent(1)).toContain('Nice to meet you, Ada.')
    expect(sent(2)).not.toContain('My name is Ada.')
  })

  it('shares memory between calls with the same overrideConfig.sessionId, as Flowise clients send it', async () => {
    // The flow allows no override at all: sessionId is a run option, not a parameter of its memory.
    const flow = await createFlow(admin, mockFlow(mock, 'conversation'))
    mock.script({ text: 'Nice to meet you, Bo.' }, { text: 'You are Bo.' }, { text: 'I do not know.' })
    const first = await predict(flow.id, { question: 'I am Bo.', overrideConfig: { sessionId: 'user-42' } })
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ chatId: 'user-42', sessionId: 'user-42' })
    await predict(flow.id, { question: 'Who am I?', overrideConfig: { sessionId: 'user-42' } })
    await predict(flow.id, { question: 'Who am I?', overrideConfig: { sessionId: 'user-43' } })
    const sent = (i: number) => JSON.stringify(mock.requests[i]!.body?.messages)
    expect(sent(1)).toContain('I am Bo.')
    expect(sent(1)).toContain('Nice to meet you, Bo.')
    expect(sent(2)).not.toContain('I am Bo.')
  })

  it('reports the tools an agent used', async () => {
    const flow = await createFlow(admin, mockFlow(mock, 'agent'))
    mock.script({ toolCalls: [{ name: 'calculator', arguments: { expression: '6 * 7' } }] }, { text: 'It is 42.' })
    const res = await predict(flow.id, { question: 'What is 6 times 7?' })
    const body = (await res.json()) as { text: string; usedTools: unknown[] }
    expect(res.status).toBe(200)
    expect(body.text).toBe('It is 42.')
    expect(body.usedTools).toEqual([{ tool: 'calculator', toolInput: { expression: '6 * 7' }, toolOutput: '42' }])
    const stored = (await admin.get(`/api/v1/chatmessage/${flow.id}`)).body
    expect(stored[1].usedTools).toEqual(body.usedTools)

    mock.script({ toolCalls: [{ name: 'calculator', arguments: { expression: '1 + 1' } }] }, { text: 'Two.' })
    const events = await readEvents(await predict(flow.id, { question: 'And 1 + 1?', streaming: true }))
    expect(events.find((e) => e.event === 'usedTools')?.data).toEqual([
      { tool: 'calculator', toolInput: { expression: '1 + 1' }, toolOutput: '2' },
    ])
  })
})
