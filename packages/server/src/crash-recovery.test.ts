import type { ChatMessage } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../nodes/src/templates/template-flow.js'
import { INTERRUPTED_ANSWER } from './services/chat-messages.service.js'
import { childServer, type ChildServer } from './test/child-server.js'
import { testDialects, type TestDialect } from './test/dialects.js'
import { readEvents } from './test/flows.js'

// The real thing: the compiled server in a child process, killed with SIGKILL while it streams an
// answer, then started again on the same data folder (and database).

/** A chat model pointed at the mock, answering through an LLM chain. */
function slowModelFlow(mock: MockOpenAIServer): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer briefly: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return JSON.stringify(flow.build())
}

describe.each(testDialects())('a server killed while it streams an answer, on $name', (dialect: TestDialect) => {
  let mock: MockOpenAIServer
  let server: ChildServer
  let base: string

  beforeEach(async () => {
    mock = await startMockOpenAI()
    server = await childServer('crash', {}, { dialect })
    base = server.base
  })
  afterEach(async () => {
    await server.close()
    await mock.close()
  })

  const startServer = () => server.start()
  const signIn = () => server.signIn()

  const post = (path: string, cookie: string, body: unknown) =>
    fetch(`${base}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    })

  it('keeps the question, and the answer says it was interrupted', async () => {
    await startServer()
    let cookie = await signIn()
    const created = await post('/chatflows', cookie, { name: 'Slow', type: 'CHATFLOW', flowData: slowModelFlow(mock) })
    expect(created.status).toBe(201)
    const flowId = ((await created.json()) as { id: string }).id

    // One word, then the model keeps the stream open far longer than the test runs.
    mock.script({ text: 'Partial answer never finished', chunkDelayMs: 600_000 })
    const res = await post(`/internal-prediction/${flowId}`, cookie, {
      question: 'Will this survive?',
      streaming: true,
      chatId: 'c1',
    })
    let firstToken: () => void = () => {}
    const tokenArrived = new Promise<void>((resolve) => (firstToken = resolve))
    const reading = readEvents(res, (event) => event.event === 'token' && firstToken()).catch(() => 'cut off')
    await tokenArrived

    await server.kill()
    expect(await reading).toBe('cut off')
    await server.backdateUnfinishedWork()

    await startServer()
    cookie = await signIn()
    const history = await fetch(`${base}/api/v1/chatmessage/${flowId}?chatId=c1`, { headers: { cookie } })
    const messages = (await history.json()) as ChatMessage[]
    expect(messages.map((m) => [m.role, m.content, m.status])).toEqual([
      ['userMessage', 'Will this survive?', 'interrupted'],
      ['apiMessage', INTERRUPTED_ANSWER, 'interrupted'],
    ])
  }, 120_000) // two starts of a real server on a shared 2-core machine
})
