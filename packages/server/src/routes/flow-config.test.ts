import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

describe.each(testDialects())('flow configuration on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  it('saves the chatbot, API and key settings of a flow', async () => {
    const flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'))
    expect(flow.apikeyid).toBeNull()
    const key = (await admin.post('/api/v1/apikey', { keyName: 'Shop' })).body
    const settings = {
      isPublic: true,
      chatbotConfig: JSON.stringify({
        allowedOrigins: ['https://shop.example', 'http://localhost:8080'],
        title: 'Shop',
      }),
      apiConfig: JSON.stringify({ rateLimit: { status: true, limitMax: '5', limitDuration: 60, limitMsg: 'Wait' } }),
      apikeyid: key.id,
    }
    const saved = await admin.put(`/api/v1/chatflows/${flow.id}`, settings)
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject(settings)
    expect((await admin.put(`/api/v1/chatflows/${flow.id}`, { apikeyid: '' })).body.apikeyid).toBeNull()
    expect((await admin.put(`/api/v1/chatflows/${flow.id}`, { apikeyid: key.id })).body.apikeyid).toBe(key.id)
    expect((await admin.put(`/api/v1/chatflows/${flow.id}`, { apikeyid: null })).body.apikeyid).toBeNull()
  })

  it('refuses settings it could not apply, naming what is wrong', async () => {
    const flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'))
    const refusals: [Record<string, unknown>, string][] = [
      [
        { chatbotConfig: JSON.stringify({ allowedOrigins: ['https://shop.example/page'] }) },
        'body.chatbotConfig: allowedOrigins: "https://shop.example/page" is not an origin like https://example.com',
      ],
      [
        { chatbotConfig: JSON.stringify({ allowedOrigins: ['shop.example'] }) },
        'body.chatbotConfig: allowedOrigins: "shop.example" is not an origin like https://example.com',
      ],
      [
        { apiConfig: JSON.stringify({ rateLimit: { status: true, limitMax: 0, limitDuration: 60 } }) },
        'body.apiConfig: rateLimit.limitMax must be a whole number of at least 1',
      ],
      [
        { apiConfig: JSON.stringify({ rateLimit: { status: true, limitMax: 5 } }) },
        'body.apiConfig: rateLimit.limitDuration must be a whole number of seconds, at least 1',
      ],
      [{ apikeyid: 'no-such-key' }, 'body.apikeyid: must be the id of an API key of this workspace'],
    ]
    for (const [body, message] of refusals) {
      const res = await admin.put(`/api/v1/chatflows/${flow.id}`, body)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect((await admin.get(`/api/v1/chatflows/${flow.id}`)).body).toEqual(flow)
  })
})
