import type { FlowTemplate } from '@weft/core'
import type * as NodesModule from '@weft/nodes'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// Every node of the catalogue runs now: a node only these tests know, its run not written, stands for
// one that cannot run yet, and the catalogue marks it as it would any such node.
vi.mock('@weft/nodes', async (importOriginal) => {
  const real = await importOriginal<typeof NodesModule>()
  const { withRunBadge } = await import('../../../nodes/src/run-badge.js')
  const { notRunnableYet } = await import('../../../nodes/src/define-node.js')
  const unwritten = withRunBadge({
    descriptor: { ...real.findNode('plainText')!.descriptor, name: 'unwrittenLoader', label: 'Unwritten Loader' },
    run: notRunnableYet,
  })
  return {
    ...real,
    nodes: [...real.nodes, unwritten],
    findNode: (name: string) => (name === unwritten.descriptor.name ? unwritten : real.findNode(name)),
  }
})

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
    expect((await b.get('/api/v1/nodes/unwrittenLoader')).body.badge).toBe('Cannot run yet')
    expect((await b.get('/api/v1/nodes/folderFiles')).body.badge).toBeUndefined()
    expect((await b.get('/api/v1/nodes/chatOffline')).body.badge).toBeUndefined()
  })

  it('answers 404 for an unknown template and 401 without a session', async () => {
    const missing = await b.get('/api/v1/marketplaces/templates/no-such-template')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Template no-such-template not found')
    expect((await browser(t.app).get('/api/v1/marketplaces/templates')).status).toBe(401)
  })
})
