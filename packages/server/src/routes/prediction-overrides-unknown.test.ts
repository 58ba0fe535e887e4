import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { agentflowData } from '../../../engine/src/testing/test-agentflow.js'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// The README's promise: a caller may change only what the owner allows; any other overrideConfig
// name answers 403 naming it, before the flow runs (the model stand-in hears nothing).

let mock: MockOpenAIServer
beforeAll(async () => {
  mock = await startMockOpenAI()
})
afterAll(() => mock.close())

/** Start → LLM step whose model (no credential) answers from the stand-in. */
const llmAgentflow = () =>
  JSON.stringify(
    agentflowData(
      [
        { id: 'startAgentflow_0' },
        {
          id: 'llmAgentflow_0',
          label: 'Writer',
          inputs: {
            llmModel: 'chatOpenAICustom',
            llmModelConfig: { llmModel: 'chatOpenAICustom', basePath: mock.baseURL, modelName: 'mock-model' },
            llmEnableMemory: false,
          },
        },
      ],
      [['startAgentflow_0', 'llmAgentflow_0']],
    ),
  )

/** ChatOpenAI Custom → LLM chain ← prompt, a chatflow. */
function chatflow(): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer briefly: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return JSON.stringify(flow.build())
}

describe.each(testDialects())('overrideConfig names the flow does not allow on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let anonymous: Browser
  beforeEach(async () => {
    mock.requests.length = 0
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } })
    admin = await setUpAdmin(t.app)
    anonymous = browser(t.app)
  })
  afterEach(() => t.close())

  const ask = (flowId: string, body: Record<string, unknown>) =>
    anonymous.post(`/api/v1/prediction/${flowId}`, { question: 'Hi', ...body })

  function expectRefused(res: { status: number; body: { message?: string } }, name: string) {
    expect(res.status, JSON.stringify(res.body)).toBe(403)
    expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden' })
    expect(res.body.message).toContain(`overrideConfig.${name} cannot be overridden`)
  }

  it('refuses basePath, modelName and an unknown name on an agentflow step; nothing runs', async () => {
    const flow = await createFlow(admin, llmAgentflow(), { type: 'AGENTFLOW', isPublic: true })
    for (const [name, value] of [
      ['basePath', 'http://127.0.0.1:9/v1'],
      ['modelName', 'gpt-5'],
      ['notAParameter', 1],
    ] as const) {
      expectRefused(await ask(flow.id, { overrideConfig: { [name]: value } }), name)
      expectRefused(await ask(flow.id, { streaming: true, overrideConfig: { [name]: value } }), name)
    }
    expect(mock.requests).toEqual([])
    expect((await admin.get(`/api/v1/executions?agentflowId=${flow.id}`)).body.data).toEqual([])

    // The same flow answers a call that overrides nothing but its session.
    mock.script({ text: 'Hello from the step' })
    const res = await ask(flow.id, { overrideConfig: { sessionId: 'session-1' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.text).toBe('Hello from the step')
  })

  it('refuses an unknown name on a chatflow, and keeps sessionId and returnSourceDocuments working', async () => {
    const flow = await createFlow(admin, chatflow(), { isPublic: true })
    expectRefused(await ask(flow.id, { overrideConfig: { notAParameter: true } }), 'notAParameter')
    expectRefused(await ask(flow.id, { overrideConfig: { analytics: { langSmith: {} } } }), 'analytics')
    expect(mock.requests).toEqual([])
    expect((await admin.get(`/api/v1/chatmessage/${flow.id}`)).body).toEqual([])

    mock.script({ text: 'Plain answer' })
    const res = await ask(flow.id, { overrideConfig: { sessionId: 'session-1', returnSourceDocuments: true } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.text).toBe('Plain answer')
  })
})
