import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// Flowise's `GET /api/v1/chatflows-uploads/:id`: what a chat of the flow may send, asked without
// credentials (as Flowise's clients do), answering nothing but that.

const NOTHING = {
  isSpeechToTextEnabled: false,
  isImageUploadAllowed: false,
  isRAGFileUploadAllowed: false,
  imgUploadSizeAndTypes: [],
  fileUploadSizeAndTypes: [],
}

function chainFlow(allowImageUploads: boolean): string {
  const flow = templateFlow()
  const model = flow.add('chatOpenAI', 0, 0, { modelName: 'gpt-4o-mini', allowImageUploads })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return JSON.stringify(flow.build())
}

describe.each(testDialects())('what a flow accepts on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let anonymous: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
    anonymous = browser(t.app)
  })
  afterEach(() => t.close())

  it('answers nothing accepted for a plain private flow, to anyone, and only those five fields', async () => {
    const flow = await createFlow(admin, chainFlow(false), {
      isPublic: false,
      chatbotConfig: JSON.stringify({ title: 'Secret title', allowedOrigins: ['https://only.example'] }),
    })
    const res = await anonymous.get(`/api/v1/chatflows-uploads/${flow.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual(NOTHING)
  })

  it('says images are accepted when the flow’s chat model allows image uploads, and which files when file upload is on', async () => {
    const flow = await createFlow(admin, chainFlow(true), {
      chatbotConfig: JSON.stringify({
        fullFileUpload: {
          status: true,
          allowedUploadFileTypes: 'text/plain,application/pdf,application/x-msdownload',
          maxUploadSize: 2,
        },
      }),
    })
    const res = await anonymous.get(`/api/v1/chatflows-uploads/${flow.id}`, { origin: 'https://shop.example' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      ...NOTHING,
      isImageUploadAllowed: true,
      imgUploadSizeAndTypes: [{ fileTypes: ['image/gif', 'image/jpeg', 'image/png', 'image/webp'], maxUploadSize: 5 }],
      // Only the types Weft can read are offered.
      fileUploadSizeAndTypes: [{ fileTypes: ['text/plain', 'application/pdf'], maxUploadSize: 2 }],
    })
  })

  it('answers 404 for a flow that does not exist, and the preflight of the widget', async () => {
    const res = await anonymous.get('/api/v1/chatflows-uploads/00000000-0000-0000-0000-000000000000')
    expect(res.status).toBe(404)
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/chatflows-uploads/00000000-0000-0000-0000-000000000000',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('https://shop.example')
  })
})
