import type { FlowData, RunEvent } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startProviderStandIn, type ProviderStandIn } from '../../../nodes/src/testing/mock-provider-apis.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, listen, readEvents } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// A chatflow with ChatGoogleGenerativeAI runs through the prediction API, the real engine and the
// AI SDK's Google provider, against a stand-in of the Gemini API on 127.0.0.1.

const SECRET = 'AIza-secret-0815'

function geminiFlow(standIn: ProviderStandIn, credentialId: string): string {
  const flow = templateFlow()
  const model = flow.add('chatGoogleGenerativeAI', 0, 0, { modelName: 'gemini-2.5-flash', baseUrl: standIn.url })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer briefly: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  const data: FlowData = flow.build()
  data.nodes.find((node) => node.id === model)!.data.credential = credentialId
  return JSON.stringify(data)
}

describe.each(testDialects())('a Gemini chatflow through the prediction API on $name', (dialect) => {
  let gemini: ProviderStandIn
  let t: TestApp
  let admin: Browser
  let base: string
  let cookie: string

  beforeAll(async () => {
    gemini = await startProviderStandIn()
  })
  afterAll(() => gemini.close())
  beforeEach(async () => {
    gemini.requests.length = 0
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(gemini.url).host } })
    admin = await setUpAdmin(t.app)
    base = await listen(t.app)
    cookie = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ')
  })
  afterEach(async () => {
    t.app.server.closeAllConnections()
    await t.close()
  })

  const predict = (flowId: string, body: Record<string, unknown>) =>
    fetch(`${base}/api/v1/internal-prediction/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    })

  it('answers with the stored key sent to Gemini, streamed and whole, and never shows the key', async () => {
    const created = await admin.post('/api/v1/credentials', {
      name: 'Gemini key',
      credentialName: 'googleGenerativeAI',
      plainDataObj: { googleGenerativeAPIKey: SECRET },
    })
    expect(created.status).toBe(201)
    const flow = await createFlow(admin, geminiFlow(gemini, created.body.id))

    gemini.script({ text: 'Weft weaves flows.' })
    const whole = await predict(flow.id, { question: 'What is Weft?' })
    const wholeText = await whole.text()
    expect(whole.status).toBe(200)
    expect(JSON.parse(wholeText).text).toBe('Weft weaves flows.')
    expect(gemini.requests[0]!.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent')
    expect(gemini.requests[0]!.headers['x-goog-api-key']).toBe(SECRET)
    expect(JSON.stringify(gemini.requests[0]!.body.contents)).toContain('Answer briefly: What is Weft?')

    gemini.script({ text: 'Token by token.' })
    const streamed = await predict(flow.id, { question: 'And streaming?', streaming: true })
    const events: RunEvent[] = await readEvents(streamed)
    const tokens = events.filter((event) => event.event === 'token').map((event) => event.data)
    expect(tokens).toEqual(['Token ', 'by ', 'token.'])
    expect(gemini.requests[1]!.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent')

    const history = await admin.get(`/api/v1/chatmessage/${flow.id}`)
    const read = await admin.get(`/api/v1/chatflows/${flow.id}`)
    for (const answer of [wholeText, JSON.stringify(events), JSON.stringify(history.body), JSON.stringify(read.body)]) {
      expect(answer).not.toContain(SECRET)
    }
  })

  it('answers a Gemini error with a 502 naming the node', async () => {
    const created = await admin.post('/api/v1/credentials', {
      name: 'Gemini key',
      credentialName: 'googleGenerativeAI',
      plainDataObj: { googleGenerativeAPIKey: SECRET },
    })
    const flow = await createFlow(admin, geminiFlow(gemini, created.body.id))
    gemini.script({
      status: 429,
      body: { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } },
    })
    const res = await predict(flow.id, { question: 'Hi' })
    expect(res.status).toBe(502)
    const body = (await res.json()) as { message: string }
    expect(body.message).toContain('Quota exceeded')
    expect(body.message).not.toContain(SECRET)
  })
})
