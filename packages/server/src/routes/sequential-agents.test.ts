import type { Execution } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// A sequential agent flow (Flowise's V1, type MULTIAGENT) saved as the canvas builds it, run through
// the prediction API on the agentflow runtime against a scripted model server on 127.0.0.1.

/** Start (with the model) → Agent (with the calculator) → End. */
function sequentialFlow(mock: MockOpenAIServer): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
  const calculator = flow.add('calculator', 0, 400)
  const start = flow.add('seqStart', 400, 0)
  const agent = flow.add('seqAgent', 800, 0, { agentName: 'Maths', systemMessagePrompt: 'You work out sums.' })
  const end = flow.add('seqEnd', 1200, 0)
  flow.connect(model, start, 'model')
  flow.connect(calculator, agent, 'tools')
  flow.connect(start, agent, 'sequentialNode')
  flow.connect(agent, end, 'sequentialNode')
  return JSON.stringify(flow.build())
}

describe.each(testDialects())('sequential agent flows on $name', (dialect) => {
  let mock: MockOpenAIServer
  let t: TestApp
  let admin: Browser

  beforeAll(async () => {
    mock = await startMockOpenAI()
  })
  afterAll(() => mock.close())
  beforeEach(async () => {
    mock.requests.length = 0
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  it('answers a question through the agent and its tool, and records the execution', async () => {
    const flow = await createFlow(admin, sequentialFlow(mock), { type: 'MULTIAGENT', name: 'Maths helper' })
    mock.script({ toolCalls: [{ name: 'calculator', arguments: { expression: '6 * 7' } }] }, { text: 'It is 42.' })

    const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'What is 6 times 7?' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      text: 'It is 42.',
      question: 'What is 6 times 7?',
      usedTools: [{ tool: 'calculator', toolInput: { expression: '6 * 7' }, toolOutput: '42' }],
    })
    expect(mock.requests).toHaveLength(2)

    const stored = await admin.get(`/api/v1/chatmessage/${flow.id}?chatId=${res.body.chatId}`)
    expect(stored.body.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['userMessage', 'What is 6 times 7?'],
      ['apiMessage', 'It is 42.'],
    ])
    const executions = (await admin.get('/api/v1/executions')).body as { data: Execution[] }
    expect(executions.data).toHaveLength(1)
    const execution = executions.data[0]!
    expect(execution).toMatchObject({ agentflowId: flow.id, state: 'FINISHED' })
    const steps = JSON.parse(execution.executionData) as { nodeId: string; status: string }[]
    expect(steps.map((step) => [step.nodeId, step.status])).toEqual([
      ['seqStart_0', 'FINISHED'],
      ['seqAgent_0', 'FINISHED'],
      ['seqEnd_0', 'FINISHED'],
    ])
  })
})
