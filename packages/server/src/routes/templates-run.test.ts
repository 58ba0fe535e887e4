import { flowTypeOfTemplate } from '@weft/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listTemplates } from '@weft/nodes'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

const templates = await listTemplates()

// Every built-in template must answer on a fresh install: no key, no network, the built-in model.
describe('built-in templates run offline', () => {
  let t: TestApp
  let admin: Browser
  beforeAll(async () => {
    t = await startTestApp({ dialect: testDialects()[0]! })
    admin = await setUpAdmin(t.app)
  })
  afterAll(() => t.close())

  it('covers every kind of flow the product runs', async () => {
    const types = new Set(templates.map((template) => template.type))
    expect([...types].sort()).toEqual(['Agentflow', 'AgentflowV2', 'Chatflow'])
    const names = templates.map((template) => template.templateName)
    expect(names).toContain('Document Q&A')
    expect(names).toContain('Tool-using Assistant')
  })

  it.each(templates.map((template) => [template.templateName, template] as const))(
    '%s answers a question',
    async (_name, template) => {
      const type = flowTypeOfTemplate(template.type)!
      const flow = await createFlow(admin, template.flowData, { type, name: template.templateName })
      const res = await admin.post<{ text?: unknown }>(`/api/v1/internal-prediction/${flow.id}`, {
        question: 'What is 6 times 7? And how long is the refund window?',
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(typeof res.body.text).toBe('string')
      expect(String(res.body.text).trim()).not.toBe('')
    },
  )
})
