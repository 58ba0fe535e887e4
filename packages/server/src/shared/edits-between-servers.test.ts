import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { buildApp } from '../app.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { removeRedisKeys, testRedisPrefix, TEST_REDIS_URL } from '../test/shared-redis.js'

// Queue mode: an edit made through one server is what the next run asked of another server uses.
// Server A (where the admin edits), server B (where the prediction is asked) and a worker (which
// runs it), on one database and one Redis prefix; the model is a stand-in OpenAI server.

function modelFlow(model: Pick<MockOpenAIServer, 'baseURL'>, template: string, credentialId: string): string {
  const flow = templateFlow()
  const chatModel = flow.add('chatOpenAICustom', 0, 0, { basePath: model.baseURL, modelName: 'mock-model' })
  const prompt = flow.add('promptTemplate', 0, 400, { template })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(chatModel, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  const data = flow.build()
  data.nodes.find((node) => node.id === chatModel)!.data.credential = credentialId
  return JSON.stringify(data)
}

describe.each(testDialects())('edits between queue-mode servers on $name', (dialect) => {
  let model: MockOpenAIServer
  let a: TestApp
  let b: FastifyInstance
  let worker: FastifyInstance
  let admin: Browser
  let prefix: string

  beforeAll(async () => {
    model = await startMockOpenAI()
  })
  afterAll(() => model.close())
  beforeEach(async () => {
    model.requests.length = 0
    prefix = testRedisPrefix('edits')
    a = await startTestApp({
      dialect,
      env: {
        WEFT_ALLOWED_PRIVATE_HOSTS: new URL(model.url).host,
        MODE: 'queue',
        REDIS_URL: TEST_REDIS_URL,
        WEFT_QUEUE_PREFIX: prefix,
      },
    })
    b = await buildApp(a.config, { databaseSchema: a.schema, logger: false })
    worker = await buildApp(a.config, { role: 'worker', databaseSchema: a.schema, logger: false })
    admin = await setUpAdmin(a.app)
  })
  afterEach(async () => {
    await worker.close()
    await b.close()
    await a.close()
    await removeRedisKeys(prefix)
  })

  const askOnB = async (flowId: string) => {
    const res = await browser(b).post(`/api/v1/prediction/${flowId}`, { question: 'Capital of France?' })
    expect(res.status).toBe(200)
    const last = model.requests.at(-1)!
    const body = last.body as { messages?: { content: unknown }[] }
    return { authorization: last.headers.authorization, prompt: JSON.stringify(body.messages ?? body) }
  }

  it('runs the flow as last saved on another server, with the credential as last changed there', async () => {
    const credential = await admin.post('/api/v1/credentials', {
      name: 'Model key',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: 'sk-first-key' },
    })
    expect(credential.status).toBe(201)
    const flow = await createFlow(admin, modelFlow(model, 'Answer: {question}', credential.body.id), {
      isPublic: true,
    })
    const first = await askOnB(flow.id)
    expect(first.authorization).toBe('Bearer sk-first-key')
    expect(first.prompt).toContain('Answer: Capital of France?')

    // Both changed through A; B's next run (on the worker) uses the new ones.
    const rotated = await admin.put(`/api/v1/credentials/${credential.body.id}`, {
      plainDataObj: { openAIApiKey: 'sk-second-key' },
    })
    expect(rotated.status).toBe(200)
    const edited = await admin.put(`/api/v1/chatflows/${flow.id}`, {
      flowData: modelFlow(model, 'Reply briefly: {question}', credential.body.id),
    })
    expect(edited.status).toBe(200)
    const second = await askOnB(flow.id)
    expect(second.authorization).toBe('Bearer sk-second-key')
    expect(second.prompt).toContain('Reply briefly: Capital of France?')
    expect(second.prompt).not.toContain('Answer: Capital of France?')
  })
})
