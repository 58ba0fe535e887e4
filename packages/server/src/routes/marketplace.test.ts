import type { FlowTemplate } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

describe.each(testDialects())('marketplace templates on $name', (dialect) => {
  let t: TestApp
  let b: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    b = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  it('lists the built-in templates, each readable by its id', async () => {
    const list = await b.get<FlowTemplate[]>('/api/v1/marketplaces/templates')
    expect(list.status).toBe(200)
    expect(list.body.length).toBeGreaterThan(0)
    for (const template of list.body) {
      expect((await b.get(`/api/v1/marketplaces/templates/${template.id}`)).body).toEqual(template)
      const flow = JSON.parse(template.flowData)
      expect(Array.isArray(flow.nodes) && Array.isArray(flow.edges), template.templateName).toBe(true)
    }
  })

  it("marks no template as unable to run now that agentflows run, keeping Flowise's own badge", async () => {
    const list = (await b.get<FlowTemplate[]>('/api/v1/marketplaces/templates')).body
    const byName = (name: string) => list.find((template) => template.templateName === name)!
    expect(byName('Route by Condition')).toMatchObject({ type: 'AgentflowV2', cannotRun: false, badge: 'NEW' })
    expect(byName('Simple LLM Chain')).toMatchObject({ type: 'Chatflow', cannotRun: false, badge: 'NEW' })
    expect(list.filter((template) => template.cannotRun).map((template) => template.templateName)).toEqual([])
    const one = await b.get<FlowTemplate>(`/api/v1/marketplaces/templates/${byName('Route by Condition').id}`)
    expect(one.body.cannotRun).toBe(false)

    // What the mark promises: the chatflow answers, and so does the agentflow.
    const runnable = await createFlow(b, byName('Simple LLM Chain').flowData)
    const answered = await b.post(`/api/v1/prediction/${runnable.id}`, { question: 'Hello' })
    expect(answered.status).toBe(200)
    expect(answered.body.text).toContain('built-in responder')
    const agentflow = await createFlow(b, byName('Route by Condition').flowData, { type: 'AGENTFLOW' })
    const ran = await b.post(`/api/v1/prediction/${agentflow.id}`, { question: 'Hello' })
    expect(ran.status).toBe(200)
    expect(ran.body.executionId).toEqual(expect.any(String))

    // The canvas reads the same mark from the catalogue, node by node.
    expect((await b.get('/api/v1/nodes/startAgentflow')).body.badge).toBeUndefined()
    expect((await b.get('/api/v1/nodes/folderFiles')).body.badge).toBe('Cannot run yet')
    expect((await b.get('/api/v1/nodes/chatOffline')).body.badge).toBeUndefined()
  })

  it('answers 404 for an unknown template and 401 without a session', async () => {
    const missing = await b.get('/api/v1/marketplaces/templates/no-such-template')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Template no-such-template not found')
    expect((await browser(t.app).get('/api/v1/marketplaces/templates')).status).toBe(401)
  })
})
