import type { FlowTemplate } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
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

  it('answers 404 for an unknown template and 401 without a session', async () => {
    const missing = await b.get('/api/v1/marketplaces/templates/no-such-template')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Template no-such-template not found')
    expect((await browser(t.app).get('/api/v1/marketplaces/templates')).status).toBe(401)
  })
})
