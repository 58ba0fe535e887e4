import type { Flow } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// What the configuration dialog saves (PUT /chatflows/:id) is what the chatbot page and the widget
// read without a session (GET /public-chatbotConfig/:id), Flowise's field names and shapes kept.

const SAVED = {
  title: 'Acme help',
  welcomeMessage: 'Hello from Acme!',
  starterPrompts: { 0: { prompt: 'Opening hours?' }, 1: { prompt: 'Returns?' } },
  botMessage: { backgroundColor: '#112233', textColor: '#ffffff', showAvatar: false },
  textInput: { placeholder: 'Ask Acme', sendButtonColor: '#aa0000' },
  footer: { text: 'Brought to you by' },
  chatFeedback: { status: true },
  fontSize: 15,
}

describe.each(testDialects())('chatbot settings on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let flow: Flow
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
    flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'))
  })
  afterEach(() => t.close())

  it('answers the title, welcome message and starter prompts saved by the configuration dialog to anyone', async () => {
    const saved = await admin.put(`/api/v1/chatflows/${flow.id}`, {
      isPublic: true,
      chatbotConfig: JSON.stringify(SAVED),
      apiConfig: '{}',
      apikeyid: null,
    })
    expect(saved.status).toBe(200)
    const res = await browser(t.app).get(`/api/v1/public-chatbotConfig/${flow.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject(SAVED)
    expect((await browser(t.app).get(`/api/v1/public-chatflows/${flow.id}`)).body).toMatchObject({ name: 'Test flow' })
  })

  it('keeps the follow-up prompts setting as Flowise writes it, and refuses one that is not', async () => {
    expect((await admin.get(`/api/v1/chatflows/${flow.id}`)).body.followUpPrompts).toBeNull()
    const setting = JSON.stringify({
      status: true,
      selectedProvider: 'chatOpenAI',
      chatOpenAI: { modelName: 'gpt-4o-mini' },
    })
    const saved = await admin.put(`/api/v1/chatflows/${flow.id}`, { followUpPrompts: setting })
    expect(saved.status).toBe(200)
    expect(saved.body.followUpPrompts).toBe(setting)
    expect((await admin.get(`/api/v1/chatflows/${flow.id}`)).body.followUpPrompts).toBe(setting)

    for (const [bad, message] of [
      ['{"status":"yes"}', 'status must be true or false'],
      ['[true]', 'must be JSON text of an object, or null'],
    ]) {
      const refused = await admin.put(`/api/v1/chatflows/${flow.id}`, { followUpPrompts: bad })
      expect(refused.status).toBe(400)
      expect(refused.body.message).toContain('followUpPrompts')
      expect(refused.body.message).toContain(message)
    }
    expect((await admin.get(`/api/v1/chatflows/${flow.id}`)).body.followUpPrompts).toBe(setting)
  })
})
