import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

describe.each(testDialects())('prediction on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  it('answers a built-in template with JSON', async () => {
    const flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'))
    const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'What is Weft?' })
    console.log(res.status, res.body)
    const anon = await browser(t.app).post(`/api/v1/prediction/${flow.id}`, { question: 'What is Weft?' })
    console.log(anon.status, anon.body)
  })
})
