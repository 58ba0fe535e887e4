import type { ChatMessage, RunEvent } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, listen, readEvents, templateFlowData } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// Follow-up prompts through the real engine and provider code, against a scripted OpenAI-compatible
// server on 127.0.0.1: the flow's own model answers, then suggests what to ask next.

const SECRET = 'sk-follow-up-4711'
const ON = JSON.stringify({ status: true })
const QUESTIONS = ['How do I start?', 'Is it free?', 'Can I host it myself?']

/** An LLM chain whose model is the mock, with the given credential. */
function mockChain(mock: MockOpenAIServer, credentialId: string): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, {
    basePath: mock.baseURL,
    modelName: 'mock-model',
    temperature: 0.3,
  })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer briefly: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  const data = flow.build()
  data.nodes.find((node) => node.id === model)!.data.credential = credentialId
  return JSON.stringify(data)
}

const userText = (request: { body?: Record<string, unknown> }) =>
  JSON.stringify((request.body?.messages as unknown[]) ?? [])

describe.each(testDialects())('follow-up prompts on $name', (dialect) => {
  let mock: MockOpenAIServer
  let t: TestApp
  let admin: Browser
  let base: string
  let credentialId: string

  beforeAll(async () => {
    mock = await startMockOpenAI()
  })
  afterAll(() => mock.close())
  beforeEach(async () => {
    mock.requests.length = 0
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host } })
    admin = await setUpAdmin(t.app)
    base = await listen(t.app)
    const credential = await admin.post('/api/v1/credentials', {
      name: 'Mock key',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: SECRET },
    })
    credentialId = credential.body.id
  })
  afterEach(async () => {
    t.app.server.closeAllConnections()
    await t.close()
  })

  // A public flow, asked as Flowise's clients ask: no session.
  async function publicFlow(followUpPrompts: string | null, flowData?: string) {
    return createFlow(admin, flowData ?? mockChain(mock, credentialId), { isPublic: true, followUpPrompts })
  }
  const predict = (flowId: string, body: Record<string, unknown>) =>
    fetch(`${base}/api/v1/prediction/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const storedAnswer = async (flowId: string, chatId: string) =>
    ((await admin.get(`/api/v1/chatmessage/${flowId}?chatId=${chatId}`)).body as ChatMessage[]).find(
      (message) => message.role === 'apiMessage',
    )!

  it('asks the flow’s own model for three questions after the answer, answers them as Flowise does and stores them', async () => {
    const flow = await publicFlow(ON)
    mock.script({ text: 'Weft builds AI flows.' }, { text: '```json\n' + JSON.stringify(QUESTIONS) + '\n```' })
    const res = await predict(flow.id, { question: 'What is Weft?' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { text: string; chatId: string; followUpPrompts?: string }
    expect(body.text).toBe('Weft builds AI flows.')
    expect(body.followUpPrompts).toBe(JSON.stringify(QUESTIONS))

    // The second call went to the same model, with the flow's credential, about this exchange.
    expect(mock.requests).toHaveLength(2)
    const [answer, followUps] = mock.requests
    expect(followUps!.body).toMatchObject({ model: 'mock-model' })
    expect(followUps!.headers.authorization).toBe(`Bearer ${SECRET}`)
    expect(answer!.headers.authorization).toBe(`Bearer ${SECRET}`)
    expect(userText(followUps!)).toContain('What is Weft?')
    expect(userText(followUps!)).toContain('Weft builds AI flows.')

    expect((await storedAnswer(flow.id, body.chatId)).followUpPrompts).toBe(JSON.stringify(QUESTIONS))
  })

  it('streams them as a list in the metadata event, before end', async () => {
    const flow = await publicFlow(ON)
    mock.script(
      { text: 'Weft builds AI flows.' },
      { text: '1. How do I start?\n2. Is it free?\n3. Can I host it myself?' },
    )
    const events: RunEvent[] = await readEvents(await predict(flow.id, { question: 'What is Weft?', streaming: true }))
    expect([...new Set(events.map((event) => event.event))]).toEqual(['start', 'token', 'metadata', 'end'])
    const metadata = events.find((event) => event.event === 'metadata')!.data as { followUpPrompts?: string[] }
    expect(metadata.followUpPrompts).toEqual(QUESTIONS)
    expect(
      events
        .filter((event) => event.event === 'token')
        .map((event) => event.data)
        .join(''),
    ).toBe('Weft builds AI flows.')
  })

  it('asks nothing more while the setting is off', async () => {
    const flow = await publicFlow(JSON.stringify({ status: false }))
    mock.script({ text: 'Weft builds AI flows.' })
    const body = (await (await predict(flow.id, { question: 'What is Weft?' })).json()) as Record<string, unknown>
    expect(body.text).toBe('Weft builds AI flows.')
    expect(body).not.toHaveProperty('followUpPrompts')
    expect(mock.requests).toHaveLength(1)
  })

  it('keeps the answer when the model cannot suggest questions', async () => {
    const flow = await publicFlow(ON)
    mock.script({ text: 'Weft builds AI flows.' }, { status: 500, body: { error: { message: 'Overloaded' } } })
    const res = await predict(flow.id, { question: 'What is Weft?' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { text: string; chatId: string }
    expect(body).toMatchObject({ text: 'Weft builds AI flows.' })
    expect(body).not.toHaveProperty('followUpPrompts')
    const stored = await storedAnswer(flow.id, body.chatId)
    expect(stored).toMatchObject({ content: 'Weft builds AI flows.' })
    expect(stored).not.toHaveProperty('followUpPrompts')
  })

  it('offers none for a flow answered by the built-in responder, which is not a language model', async () => {
    const flow = await publicFlow(ON, await templateFlowData('Simple LLM Chain'))
    const res = await predict(flow.id, { question: 'What is Weft?' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(typeof body.text).toBe('string')
    expect(body).not.toHaveProperty('followUpPrompts')
    expect(mock.requests).toHaveLength(0)
  })
})
