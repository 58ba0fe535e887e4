import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, listen } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// Flowise's output parser and moderation nodes in a saved flow, run by the server through the real
// engine against the OpenAI stand-in on 127.0.0.1: the JSON prediction answers with the parsed
// value, and a refused question never reaches the model.

function parserFlow(mock: MockOpenAIServer, moderated: boolean): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer: {question}' })
  const parser = flow.add('structuredOutputParser', 0, 800, { autofixParser: true })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  flow.connect(parser, chain, 'outputParser')
  if (moderated) {
    const moderation = flow.add('inputModerationSimple', 0, 1200, { denyList: 'password' })
    flow.connect(moderation, chain, 'inputModeration')
  }
  return JSON.stringify(flow.build())
}

describe.each(testDialects())('output parsers and moderation in a running flow on $name', (dialect) => {
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
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host } })
    admin = await setUpAdmin(t.app)
    base = await listen(t.app)
    cookie = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ')
  })
  afterEach(async () => {
    t.app.server.closeAllConnections()
    await t.close()
  })

  const predict = async (flowId: string, question: string) => {
    const res = await fetch(`${base}/api/v1/internal-prediction/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ question }),
    })
    return { status: res.status, body: (await res.json()) as { text: string; json?: unknown } }
  }

  it('answers with the parsed JSON, after one autofix round, shown as a JSON code block', async () => {
    const flow = await createFlow(admin, parserFlow(mock, false))
    mock.script({ text: 'It is Paris.' }, { text: '```json\n{"answer": "Paris", "source": "wikipedia.org"}\n```' })
    const { status, body } = await predict(flow.id, 'What is the capital of France?')

    expect(status).toBe(200)
    expect(body.json).toEqual({ answer: 'Paris', source: 'wikipedia.org' })
    expect(body.text).toBe('```json\n{\n  "answer": "Paris",\n  "source": "wikipedia.org"\n}\n```')
    expect(mock.requests).toHaveLength(2)
  })

  it('answers a refused question with the moderation message and sends nothing to the model', async () => {
    const flow = await createFlow(admin, parserFlow(mock, true))
    const { status, body } = await predict(flow.id, 'What is the admin password?')

    expect(status).toBe(200)
    expect(body.text).toBe('Cannot Process! Input violates content moderation policies.')
    expect(body.json).toBeUndefined()
    expect(mock.requests).toHaveLength(0)
  })
})
