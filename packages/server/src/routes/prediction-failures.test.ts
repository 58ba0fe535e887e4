import { tmpdir } from 'node:os'
import type { RunEvent } from '@weft/core'
import { nodes } from '@weft/nodes'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { agentflowData } from '../../../engine/src/testing/test-agentflow.js'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, listen, readEvents } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// What a failed run answers, by its cause: 4xx for what the caller or the flow's owner can fix,
// 502 for the model's or another service's failure, 504 for its timeout, 500 only for our own
// faults; a streamed run's `error` event carries the same status. No message names the server's
// folders. The model is a scripted OpenAI-compatible stand-in on 127.0.0.1.

const KEY = 'sk-test-owner-key-77f1c2'

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())

/** Model → LLM chain ← prompt. */
function modelChain(modelInputs: Record<string, unknown>, template = 'Answer briefly: {question}') {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model', ...modelInputs })
  const prompt = flow.add('promptTemplate', 0, 400, { template })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return flow
}

/** Model → SQL Database Chain reading the given SQLite path. */
function sqlChain(path: string) {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
  const chain = flow.add('sqlDatabaseChain', 400, 0, { database: 'sqlite', url: path })
  flow.connect(model, chain, 'model')
  return JSON.stringify(flow.build())
}

/** Start → HTTP step calling an address the outbound guard refuses. */
const refusedHttpStep = () =>
  JSON.stringify(
    agentflowData(
      [
        { id: 'startAgentflow_0' },
        { id: 'httpAgentflow_0', label: 'Orders API', inputs: { method: 'GET', url: 'http://10.255.255.1/orders' } },
      ],
      [['startAgentflow_0', 'httpAgentflow_0']],
    ),
  )

describe.each(testDialects())('statuses of failed runs on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let base: string
  let folders: string[]
  beforeEach(async () => {
    mock.requests.length = 0
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } })
    admin = await setUpAdmin(t.app)
    base = await listen(t.app)
    folders = [tmpdir(), process.cwd()]
  })
  afterEach(async () => {
    t.app.server.closeAllConnections()
    await t.close()
  })

  const create = (flowData: string, fields: Record<string, unknown> = {}) =>
    createFlow(admin, flowData, { isPublic: true, ...fields })

  /** The JSON answer and the streamed `error` event of the same question. */
  async function askBoth(flowId: string, script: () => void = () => {}) {
    script()
    const json = await fetch(`${base}/api/v1/prediction/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Hi' }),
    })
    const body = (await json.json()) as { statusCode: number; message: string }
    script()
    const streamed = await fetch(`${base}/api/v1/prediction/${flowId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Hi', streaming: true }),
    })
    expect(streamed.status).toBe(200)
    const events = await readEvents(streamed)
    const error = events.find((event) => event.event === 'error') as
      (Extract<RunEvent, { event: 'error' }> & { status?: number }) | undefined
    expect(error, JSON.stringify(events)).toBeDefined()
    expect(events.at(-1)).toEqual({ event: 'end', data: '[DONE]' })
    const text = JSON.stringify([body, events])
    for (const folder of folders) expect(text).not.toContain(folder)
    return { status: json.status, body, event: error! }
  }

  function expectFailure(answer: Awaited<ReturnType<typeof askBoth>>, status: number, message: string | RegExp) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status)
    expect(answer.body.statusCode).toBe(status)
    expect(answer.body.message).toMatch(message)
    // The streamed error keeps Flowise's shape (its data is the message) and adds the status.
    expect(typeof answer.event.data).toBe('string')
    expect(answer.event.data).toMatch(message)
    expect(answer.event.status).toBe(status)
  }

  it('answers 422 for an address the outbound guard refuses, naming the step', async () => {
    const flow = await create(refusedHttpStep(), { type: 'AGENTFLOW' })
    expectFailure(await askBoth(flow.id), 422, /^Orders API: Weft could not reach http:\/\/10\.255\.255\.1/)
  })

  it('answers 422 for a SQLite file outside its folder, without naming the folder', async () => {
    const flow = await create(sqlChain('/etc/passwd'))
    const answer = await askBoth(flow.id)
    expectFailure(answer, 422, /SQLite file must be inside the workspace's database folder/)
    expect(answer.body.message).not.toContain(t.config.home)
    expect(mock.requests).toEqual([])
  })

  it('answers 502 when the model refuses the key, without showing the key', async () => {
    const created = await admin.post('/api/v1/credentials', {
      name: 'Key',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: KEY },
    })
    const data = modelChain({}).build()
    data.nodes.find((node) => node.data.name === 'chatOpenAICustom')!.data.credential = created.body.id
    const flow = await create(JSON.stringify(data))
    const answer = await askBoth(flow.id, () =>
      mock.script({ status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}` } } }),
    )
    expectFailure(answer, 502, /401/)
    expect(JSON.stringify(answer)).not.toContain(KEY)
  })

  it("answers 504 when the model does not answer within the node's timeout", async () => {
    const flow = await create(JSON.stringify(modelChain({ timeout: 300 }).build()))
    const answer = await askBoth(flow.id, () => mock.script({ text: 'Too late', delayMs: 3000 }))
    expectFailure(answer, 504, /no answer within 300 ms/)
  })

  it('answers 422 naming a prompt variable nothing fills, before the model is called', async () => {
    const flow = await create(JSON.stringify(modelChain({}, 'Describe {product} in a line').build()))
    expectFailure(await askBoth(flow.id), 422, /\{product\}/)
    expect(mock.requests).toEqual([])
  })

  it('answers 500 for a fault of our own', async () => {
    const chain = nodes.find((node) => node.descriptor.name === 'llmChain')!
    const run = chain.run
    chain.run = async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'invoke')")
    }
    try {
      const flow = await create(JSON.stringify(modelChain({}).build()))
      const answer = await askBoth(flow.id)
      expect(answer.status).toBe(500)
      expect(answer.event.status).toBe(500)
    } finally {
      chain.run = run
    }
  })

  it('answers 4xx for a load method missing its file, naming no server folder', async () => {
    const res = await admin.post('/api/v1/node-load-method/openAPIToolkit', {
      loadMethod: 'listServers',
      inputs: { inputType: 'file' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(422)
    expect(res.body.message).toMatch(/OpenAPI File/)
    for (const folder of folders) expect(JSON.stringify(res.body)).not.toContain(folder)
  })
})
