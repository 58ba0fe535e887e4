import type { ChatMessage, RunEvent } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { PRIVATE_WITHOUT_KEY } from '../services/flow-access.service.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, listen, readEvents } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// The embed's Stop button: while an answer streams, the widget sends
// `PUT /api/v1/chatmessage/abort/:flowId/:chatId` on a request of its own, and the run stops as if
// its caller had gone, keeping what had arrived. A stand-in OpenAI server on 127.0.0.1 writes slowly.

const FLOWISE_ANSWER = { status: 200, message: 'Chat message aborted' }
const SITE = 'https://shop.example'

function slowFlow(model: MockOpenAIServer): string {
  const flow = templateFlow()
  const chatModel = flow.add('chatOpenAICustom', 0, 0, { basePath: model.baseURL, modelName: 'mock-model' })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(chatModel, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return JSON.stringify(flow.build())
}

describe.each(testDialects())('stopping an answer by its chat id on $name', (dialect) => {
  let model: MockOpenAIServer
  let t: TestApp
  let admin: Browser
  let base: string

  beforeAll(async () => {
    model = await startMockOpenAI()
  })
  afterAll(() => model.close())
  beforeEach(async () => {
    model.requests.length = 0
    model.clearScript()
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(model.url).host } })
    admin = await setUpAdmin(t.app)
    base = await listen(t.app)
  })
  afterEach(async () => {
    t.app.server.closeAllConnections()
    await t.close()
  })

  /** Starts a streamed answer the way the widget does, and waits until the model has been asked. */
  async function startAnswer(flowId: string, chatId: string, headers: Record<string, string> = {}) {
    const asked = model.requests.length
    const res = await fetch(`${base}/api/v1/prediction/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, ...headers },
      body: JSON.stringify({ question: 'Tell me a long story', chatId, streaming: true }),
    })
    const seen: RunEvent[] = []
    const reading = readEvents(res, (event) => seen.push(event))
    await vi.waitFor(() => expect(model.requests.length).toBe(asked + 1), { timeout: 10_000 })
    return { reading, seen, request: model.requests[asked]! }
  }

  const abort = (method: 'PUT' | 'POST', flowId: string, chatId: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/v1/chatmessage/abort/${flowId}/${encodeURIComponent(chatId)}`, {
      method,
      headers: { origin: SITE, ...headers },
    })

  const history = async (flowId: string) =>
    ((await admin.get(`/api/v1/chatmessage/${flowId}`)).body as ChatMessage[]).map((m) => [m.role, m.content, m.status])

  it('stops a public flow’s streamed answer from another site, keeping what had arrived, as Flowise answers', async () => {
    const flow = await createFlow(admin, slowFlow(model), { isPublic: true })
    model.script({ text: 'Once upon a time there was a very long story', chunkDelayMs: 400 })
    const { reading, seen, request } = await startAnswer(flow.id, 'chat-1')
    await vi.waitFor(() => expect(seen.some((event) => event.event === 'token')).toBe(true), { timeout: 10_000 })

    const res = await abort('PUT', flow.id, 'chat-1')
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(await res.json()).toEqual(FLOWISE_ANSWER)

    const events = await reading
    // Flowise's abort event, so the widget keeps the partial answer and shows no error.
    expect(events.map((event) => event.event)).not.toContain('error')
    expect(events.slice(-2).map((event) => event.event)).toEqual(['abort', 'end'])
    expect(await request.outcome).toBe('closed by client')
    await vi.waitFor(async () => {
      const stored = await history(flow.id)
      expect(stored.map(([role, , status]) => [role, status])).toEqual([
        ['userMessage', 'stopped'],
        ['apiMessage', 'stopped'],
      ])
      expect(stored[1]![1]).toMatch(/^Once/)
      expect(stored[1]![1]).not.toContain('long story')
    })
    // The chat has no answer running any more.
    expect((await abort('POST', flow.id, 'chat-1')).status).toBe(404)
  })

  it('takes POST as well as PUT, and answers the preflight of a PUT from another site', async () => {
    const flow = await createFlow(admin, slowFlow(model), { isPublic: true })
    const preflight = await fetch(`${base}/api/v1/chatmessage/abort/${flow.id}/chat-2`, {
      method: 'OPTIONS',
      headers: { origin: SITE, 'access-control-request-method': 'PUT' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT')

    model.script({ text: 'Too late', delayMs: 20_000 })
    const { reading, request } = await startAnswer(flow.id, 'chat-2')
    const res = await abort('POST', flow.id, 'chat-2')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(FLOWISE_ANSWER)
    await reading
    expect(await request.outcome).toBe('closed by client')
  })

  it('answers 404 for a chat with no answer running and for a flow that does not exist', async () => {
    const flow = await createFlow(admin, slowFlow(model), { isPublic: true })
    const idle = await abort('PUT', flow.id, 'no-such-chat')
    expect(idle.status).toBe(404)
    expect((await idle.json()).message).toBe('Chat no-such-chat has no answer running on this flow')
    const unknown = await abort('PUT', '00000000-0000-0000-0000-000000000000', 'chat-1')
    expect(unknown.status).toBe(404)
  })

  it('lets nobody stop a private flow’s answer without its key, nor through another flow they may run', async () => {
    const closed = await createFlow(admin, slowFlow(model), { name: 'Private', isPublic: false })
    const open = await createFlow(admin, slowFlow(model), { name: 'Public', isPublic: true })
    const key = (await admin.post('/api/v1/apikey', { keyName: 'Site', flowIds: [closed.id] })).body as {
      apiKey: string
    }
    model.script({ text: 'The private answer arrives whole', delayMs: 1_500 })
    const { reading } = await startAnswer(closed.id, 'victim-chat', { authorization: `Bearer ${key.apiKey}` })

    const withoutKey = await abort('PUT', closed.id, 'victim-chat')
    expect(withoutKey.status).toBe(401)
    expect((await withoutKey.json()).message).toBe('Unauthorized Access')
    const wrongKey = await abort('PUT', closed.id, 'victim-chat', { authorization: 'Bearer not-a-key' })
    expect(wrongKey.status).toBe(401)
    // The public flow is the attacker's to run, but the chat id belongs to the private flow.
    expect((await abort('PUT', open.id, 'victim-chat')).status).toBe(404)

    const events = await reading
    expect(events.map((event) => event.event)).not.toContain('abort')
    // A whole answer is stored without a status (only stopped, failed or running ones carry one).
    expect(await history(closed.id)).toEqual([
      ['userMessage', 'Tell me a long story', undefined],
      ['apiMessage', 'The private answer arrives whole', undefined],
    ])
    // Its own key may stop it.
    model.script({ text: 'Too late', delayMs: 20_000 })
    const second = await startAnswer(closed.id, 'victim-chat', { authorization: `Bearer ${key.apiKey}` })
    const keyed = await abort('PUT', closed.id, 'victim-chat', { authorization: `Bearer ${key.apiKey}` })
    expect(keyed.status).toBe(200)
    await second.reading
  })

  it('refuses a private flow without a key the same way the prediction does', async () => {
    const closed = await createFlow(admin, slowFlow(model), { isPublic: false })
    const res = await abort('PUT', closed.id, 'any')
    expect(res.status).toBe(401)
    expect((await res.json()).message).toBe(PRIVATE_WITHOUT_KEY)
  })

  it('refuses a site the flow’s allowed origins do not list', async () => {
    const flow = await createFlow(admin, slowFlow(model), {
      isPublic: true,
      chatbotConfig: JSON.stringify({ allowedOrigins: ['https://allowed.example'] }),
    })
    const res = await abort('PUT', flow.id, 'chat-1')
    expect(res.status).toBe(403)
  })

  it('lets a signed-in member stop a canvas run of a flow of the workspace', async () => {
    const flow = await createFlow(admin, slowFlow(model))
    const cookie = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ')
    model.script({ text: 'Too late', delayMs: 20_000 })
    const res = await fetch(`${base}/api/v1/internal-prediction/${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ question: 'Hi', chatId: 'canvas-chat', streaming: true }),
    })
    const reading = readEvents(res)
    await vi.waitFor(() => expect(model.requests).toHaveLength(1), { timeout: 10_000 })
    expect((await abort('PUT', flow.id, 'canvas-chat', { origin: base })).status).toBe(401)
    const stopped = await fetch(`${base}/api/v1/chatmessage/abort/${flow.id}/canvas-chat`, {
      method: 'PUT',
      headers: { cookie },
    })
    expect(stopped.status).toBe(200)
    await reading
    await vi.waitFor(async () =>
      expect((await history(flow.id)).map(([, , status]) => status)).toEqual(['stopped', 'stopped']),
    )
  })
})
