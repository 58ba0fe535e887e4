import { flowTypeOfTemplate, type FlowData } from '@weft/core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { listTemplates } from '@weft/nodes'
import { startLoopbackApi, type LoopbackApi } from '../../../nodes/src/testing/loopback-api.js'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { testDialects } from '../test/dialects.js'
import { processedHandbookStore, upsertStore } from '../test/document-stores.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import {
  TEMPLATE_SCENARIOS,
  withMockModel,
  type ScenarioWorld,
  type TemplateScenario,
} from '../test/template-scenarios.js'

const templates = await listTemplates()

interface Answer {
  text?: unknown
  action?: { data?: { nodeId?: string } }
  executionId?: string
  agentFlowExecutedData?: { nodeLabel: string }[]
  message?: unknown
}

// Every built-in template answers through the prediction API on a fresh app: with the built-in
// responder, or (for JSON and a supervisor's routing) the mock model a user would connect. One app
// per dialect serves all of them.
describe.each(testDialects())('built-in templates run on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let mock: MockOpenAIServer
  let api: LoopbackApi
  let world: ScenarioWorld

  beforeAll(async () => {
    mock = await startMockOpenAI()
    api = await startLoopbackApi((request, res) => {
      res.writeHead(200, { 'content-type': request.method === 'GET' ? 'application/json' : 'text/plain' })
      res.end(request.method === 'GET' ? JSON.stringify({ current: { temperature_2m: 21.5 } }) : 'ok')
    })
    const hosts = [new URL(mock.url).host, new URL(api.url).host].join(',')
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: hosts } })
    admin = await setUpAdmin(t.app)
    const { store } = await processedHandbookStore(admin)
    expect((await upsertStore(admin, store.id)).status).toBe('done')
    const called = await createFlow(admin, await templateFlowData('Simple LLM Chain'), { name: 'Called flow' })
    world = {
      modelBaseURL: mock.baseURL,
      apiUrl: api.url,
      store: { id: store.id, name: store.name },
      calledFlowId: called.id,
    }
  }, 60_000)
  afterAll(async () => {
    t.app.server.closeAllConnections()
    await t.close()
    await mock.close()
    await api.close()
  })
  afterEach(() => mock.clearScript())

  const chatCalls = () => mock.requests.filter((request) => request.path.endsWith('/chat/completions'))

  // The steps that ran (the branch a user sees in the execution) and what each model call was sent.
  const expectSteps = (body: Answer, scenario: Omit<TemplateScenario, 'alsoAsk'>, callsBefore: number) => {
    const labels = (body.agentFlowExecutedData ?? []).map((step) => step.nodeLabel)
    for (const label of scenario.ran ?? []) expect(labels, JSON.stringify(labels)).toContain(label)
    for (const label of scenario.skipped ?? []) expect(labels, JSON.stringify(labels)).not.toContain(label)
    if (scenario.sent) {
      const sent = chatCalls()
        .slice(callsBefore)
        .map((request) => JSON.stringify(request.body?.messages))
      expect(sent).toHaveLength(scenario.sent.length)
      scenario.sent.forEach((pattern, index) => expect(sent[index]).toMatch(pattern))
    }
  }

  it('offers at least 40 templates of every kind of flow, each with a scenario below', () => {
    expect(templates.length).toBeGreaterThanOrEqual(40)
    const types = new Set(templates.map((template) => template.type))
    expect([...types].sort()).toEqual(['Agentflow', 'AgentflowV2', 'Chatflow'])
    expect(templates.map((template) => template.id).sort()).toEqual(Object.keys(TEMPLATE_SCENARIOS).sort())
  })

  it('lists every template in the marketplace as one that can run', async () => {
    const listed = await admin.get<{ id: string; cannotRun?: boolean }[]>('/api/v1/marketplaces/templates')
    expect(listed.status).toBe(200)
    for (const template of templates) {
      expect(
        listed.body.find((item) => item.id === template.id),
        template.id,
      ).toMatchObject({ cannotRun: false })
    }
  })

  it.each(templates.map((template) => [template.templateName, template] as const))(
    '%s answers',
    async (_name, template) => {
      const scenario = TEMPLATE_SCENARIOS[template.id]!
      let flowData = JSON.parse(template.flowData) as FlowData
      if (scenario.mock) {
        flowData = withMockModel(flowData, world.modelBaseURL)
        mock.script(...scenario.mock)
      }
      scenario.prepare?.(flowData, world)
      const type = flowTypeOfTemplate(template.type)!
      const flow = await createFlow(admin, JSON.stringify(flowData), { type, name: template.templateName })
      const chatId = `chat-${template.id}-${dialect.name}`
      const ask = (body: Record<string, unknown>) =>
        admin.post<Answer>(`/api/v1/internal-prediction/${flow.id}`, { chatId, ...body })

      const callsBefore = chatCalls().length
      let res = await ask({ question: scenario.question })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      if (scenario.pauses) {
        const nodeId = res.body.action?.data?.nodeId
        expect(nodeId, JSON.stringify(res.body)).toMatch(/^humanInputAgentflow_/)
        // Another chat of the same flow is rejected with feedback: the Reject branch answers instead.
        const other = { chatId: `${chatId}-rejected` }
        const second = await admin.post<Answer>(`/api/v1/internal-prediction/${flow.id}`, {
          ...other,
          question: scenario.question,
        })
        expect(second.body.action?.data?.nodeId).toBe(nodeId)
        const rejected = await admin.post<Answer>(`/api/v1/internal-prediction/${flow.id}`, {
          ...other,
          question: '',
          humanInput: { type: 'reject', startNodeId: nodeId, feedback: 'Make it shorter' },
        })
        expect(rejected.status, JSON.stringify(rejected.body)).toBe(200)
        expect(String(rejected.body.text).trim()).not.toBe('')
        expect(rejected.body.executionId).toBe(second.body.executionId)
        res = await ask({ question: '', humanInput: { type: 'proceed', startNodeId: nodeId } })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
      }
      expect(typeof res.body.text, JSON.stringify(res.body)).toBe('string')
      const text = String(res.body.text)
      expect(text.trim()).not.toBe('')
      expect(text).toMatch(scenario.answer)
      expectSteps(res.body, scenario, callsBefore)

      for (const [index, more] of (scenario.alsoAsk ?? []).entries()) {
        mock.clearScript()
        if (more.mock) mock.script(...more.mock)
        const before = chatCalls().length
        const again = await admin.post<Answer>(`/api/v1/internal-prediction/${flow.id}`, {
          chatId: `${chatId}-also-${index}`,
          question: more.question,
        })
        expect(again.status, JSON.stringify(again.body)).toBe(200)
        expect(String(again.body.text)).toMatch(more.answer)
        expectSteps(again.body, more, before)
      }
    },
  )

  const unpicked = templates.filter((template) => TEMPLATE_SCENARIOS[template.id]!.unpicked)
  it.each(unpicked.map((template) => [template.templateName, template] as const))(
    '%s, with nothing picked, fails naming what to pick',
    async (_name, template) => {
      const scenario = TEMPLATE_SCENARIOS[template.id]!
      const type = flowTypeOfTemplate(template.type)!
      const flow = await createFlow(admin, template.flowData, { type, name: `${template.templateName} unpicked` })
      const res = await admin.post<Answer>(`/api/v1/internal-prediction/${flow.id}`, {
        chatId: `chat-unpicked-${template.id}-${dialect.name}`,
        question: scenario.question,
      })
      // The owner has to pick it: 422, as for every flow its owner built so it cannot run.
      expect(res.status, JSON.stringify(res.body)).toBe(422)
      expect(res.body.text).toBeUndefined()
      expect(String(res.body.message)).toMatch(scenario.unpicked!)
    },
  )
})
