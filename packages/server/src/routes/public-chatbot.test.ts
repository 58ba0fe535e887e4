import { toPostProcessingSetting, type Flow } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PRIVATE_WITHOUT_KEY } from '../services/flow-access.service.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, templateFlowData } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

const CHATBOT = { title: 'Helpdesk', welcomeMessage: 'Hello!', starterPrompts: ['What is Weft?'] }
/** The stored config as answered: with what the chat may send (nothing, by default). */
const ANSWERED = {
  ...CHATBOT,
  uploads: {
    isSpeechToTextEnabled: false,
    isImageUploadAllowed: false,
    isRAGFileUploadAllowed: false,
    imgUploadSizeAndTypes: [],
    fileUploadSizeAndTypes: [],
  },
}

describe.each(testDialects())('public chatbot endpoints on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let anonymous: Browser
  let flow: Flow
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
    anonymous = browser(t.app)
    flow = await createFlow(admin, await templateFlowData('Simple LLM Chain'), {
      chatbotConfig: JSON.stringify(CHATBOT),
    })
  })
  afterEach(() => t.close())

  it('shows a private flow’s chatbot only to members of its workspace', async () => {
    for (const path of ['public-chatbotConfig', 'public-chatflows']) {
      const res = await anonymous.get(`/api/v1/${path}/${flow.id}`)
      expect(res.status).toBe(401)
      expect(res.body.message).toBe(PRIVATE_WITHOUT_KEY)
    }
    expect((await admin.get(`/api/v1/public-chatbotConfig/${flow.id}`)).body).toEqual(ANSWERED)
    expect((await anonymous.get('/api/v1/public-chatbotConfig/00000000-0000-0000-0000-000000000000')).status).toBe(404)
  })

  it('says whether any existing flow streams, to anyone, and nothing else (flowise-sdk asks before its keyed call)', async () => {
    const res = await anonymous.get(`/api/v1/chatflows-streaming/${flow.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ isStreaming: true })
    // A flow whose answer is rewritten by post-processing is sent whole.
    const postProcessing = toPostProcessingSetting(true, 'return $flow.output')
    await admin.put(`/api/v1/chatflows/${flow.id}`, { chatbotConfig: JSON.stringify({ ...CHATBOT, postProcessing }) })
    expect((await anonymous.get(`/api/v1/chatflows-streaming/${flow.id}`)).body).toEqual({ isStreaming: false })
    const unknown = await anonymous.get('/api/v1/chatflows-streaming/00000000-0000-0000-0000-000000000000')
    expect(unknown.status).toBe(404)
  })

  it('answers a public flow’s appearance, streaming and name to anyone, from any site', async () => {
    await admin.put(`/api/v1/chatflows/${flow.id}`, { isPublic: true })
    const origin = { origin: 'https://shop.example' }
    const config = await anonymous.get(`/api/v1/public-chatbotConfig/${flow.id}`, origin)
    expect(config.body).toEqual(ANSWERED)
    expect((await anonymous.get(`/api/v1/chatflows-streaming/${flow.id}`)).body).toEqual({ isStreaming: true })
    expect((await anonymous.get(`/api/v1/public-chatflows/${flow.id}`)).body).toEqual({
      id: flow.id,
      name: 'Test flow',
      isPublic: true,
      type: 'CHATFLOW',
    })
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/chatflows-streaming/${flow.id}`, headers: origin })
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example')
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/v1/public-chatbotConfig/${flow.id}`,
      headers: origin,
    })
    expect(preflight.statusCode).toBe(204)
  })
})
