import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { makePdf } from '../../../nodes/src/testing/make-pdf.js'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { PRIVATE_WITHOUT_KEY } from '../services/flow-access.service.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, listen } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// The embed's full file upload: the widget first sends the files to
// `POST /api/v1/attachments/:flowId/:chatId` (multipart, field `files`) and gets back each file's
// text, `[{ name, mimeType, size, content }]`; then it asks its question with
// `uploads: [{ type: 'file:full', name, mime, data: <that text> }]`. The same rules as a file sent
// with a question apply: the flow's file upload setting (types, size), its access and its rate limit.

const SITE = 'https://shop.example'
const MB = 1024 * 1024

function modelFlow(model: MockOpenAIServer): string {
  const flow = templateFlow()
  const chatModel = flow.add('chatOpenAICustom', 0, 0, { basePath: model.baseURL, modelName: 'mock-model' })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(chatModel, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return JSON.stringify(flow.build())
}

const fileUpload = (setting: Record<string, unknown>, rest: Record<string, unknown> = {}) => ({
  chatbotConfig: JSON.stringify({ fullFileUpload: setting, ...rest }),
})

describe.each(testDialects())('attachments (the embed’s full file upload) on $name', (dialect) => {
  let model: MockOpenAIServer
  let t: TestApp
  let admin: Browser
  let base: string

  beforeAll(async () => {
    model = await startMockOpenAI({ defaultText: 'Noted.' })
  })
  afterAll(() => model.close())
  beforeEach(async () => {
    model.requests.length = 0
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(model.url).host } })
    admin = await setUpAdmin(t.app)
    base = await listen(t.app)
  })
  afterEach(() => t.close())

  const publicFlow = (fields: Record<string, unknown> = {}) =>
    createFlow(admin, modelFlow(model), {
      isPublic: true,
      ...fileUpload({ status: true, allowedUploadFileTypes: 'text/plain,application/pdf', maxUploadSize: 1 }),
      ...fields,
    })

  /** Sends files as the widget does: a FormData with `files` and `chatId`, from another site. */
  async function attach(
    flowId: string,
    files: { name: string; type: string; body: string | Buffer }[],
    headers: Record<string, string> = {},
    chatId = 'chat-1',
  ) {
    const form = new FormData()
    for (const file of files)
      form.append(
        'files',
        new Blob([typeof file.body === 'string' ? file.body : new Uint8Array(file.body)], { type: file.type }),
        file.name,
      )
    form.append('chatId', chatId)
    const res = await fetch(`${base}/api/v1/attachments/${flowId}/${chatId}`, {
      method: 'POST',
      headers: { origin: SITE, ...headers },
      body: form,
    })
    return { status: res.status, headers: res.headers, body: (await res.json()) as any }
  }

  it('answers each file’s text as Flowise does, read by the loader its type needs', async () => {
    const flow = await publicFlow()
    const pdf = makePdf([['Welcome to the handbook.'], ['Refund policy: 30 days from delivery.']])
    const res = await attach(flow.id, [
      { name: 'notes.txt', type: 'text/plain', body: 'Pears are ripe in September.' },
      { name: 'handbook.pdf', type: 'application/pdf', body: pdf },
    ])
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(res.body).toHaveLength(2)
    expect(res.body[0]).toEqual({
      name: 'notes.txt',
      mimeType: 'text/plain',
      size: 28,
      content: 'Pears are ripe in September.',
    })
    expect(res.body[1]).toMatchObject({ name: 'handbook.pdf', mimeType: 'application/pdf', size: pdf.length })
    expect(res.body[1].content).toContain('Refund policy: 30 days from delivery.')
    expect(res.body[1].content).not.toContain('%PDF')
    expect(model.requests).toEqual([])
  })

  it('puts the text the widget sends back as a file:full upload beside the question', async () => {
    const flow = await publicFlow()
    const res = await fetch(`${base}/api/v1/prediction/${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body: JSON.stringify({
        question: 'When are pears ripe?',
        chatId: 'chat-1',
        uploads: [{ type: 'file:full', name: 'notes.txt', mime: 'text/plain', data: 'Pears are ripe in September.' }],
      }),
    })
    expect(res.status).toBe(200)
    const sent = JSON.stringify(model.requests.at(-1)?.body?.messages ?? [])
    expect(sent).toContain('When are pears ripe?')
    expect(sent).toContain('Attached file notes.txt:\\nPears are ripe in September.')
    // The rules still hold for the text: a type the flow does not take is refused.
    const refused = await fetch(`${base}/api/v1/prediction/${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        question: 'Run it',
        uploads: [{ type: 'file:full', name: 'tool.exe', mime: 'application/x-msdownload', data: 'MZ' }],
      }),
    })
    expect(refused.status).toBe(400)
  })

  it('refuses files while file upload is off, of a type the flow does not take, or over its size', async () => {
    const off = await createFlow(admin, modelFlow(model), { isPublic: true })
    const closed = await attach(off.id, [{ name: 'notes.txt', type: 'text/plain', body: 'hello' }])
    expect(closed.status).toBe(400)
    expect(closed.body.message).toBe('notes.txt: this chat does not take files; file upload is off.')

    const flow = await publicFlow()
    const exe = await attach(flow.id, [{ name: 'setup.exe', type: 'application/x-msdownload', body: 'MZ\x90\x00' }])
    expect(exe.status).toBe(400)
    expect(exe.body.message).toBe(
      'setup.exe: files of type application/x-msdownload are not accepted here; accepted: text/plain, application/pdf.',
    )
    // A text file that claims no type is judged by its name.
    const unnamed = await attach(flow.id, [{ name: 'script.sh', type: '', body: 'rm -rf /' }])
    expect(unnamed.status).toBe(400)

    const big = await attach(flow.id, [{ name: 'big.txt', type: 'text/plain', body: 'x'.repeat(MB + 1) }])
    expect(big.status).toBe(400)
    expect(big.body.message).toBe('big.txt: 1.0 MB is over the 1 MB limit for files.')
    // Past the largest limit any flow may set, the body is refused before it is read.
    const huge = await attach(flow.id, [{ name: 'huge.txt', type: 'text/plain', body: 'x'.repeat(22 * MB) }])
    expect(huge.status).toBe(413)
  })

  it('refuses names that are paths, an empty request and a body that is not multipart', async () => {
    const flow = await publicFlow()
    for (const name of ['../../../../etc/passwd.txt', '..\\..\\boot.ini.txt', 'notes\u0000.txt']) {
      const res = await attach(flow.id, [{ name, type: 'text/plain', body: 'root:x:0:0' }])
      expect(res.status, name).toBe(400)
      expect(res.body.message).toMatch(/^body\.files: /)
      expect(JSON.stringify(res.body)).not.toContain('root:x')
    }
    expect((await attach(flow.id, [])).status).toBe(400)
    const json = await fetch(`${base}/api/v1/attachments/${flow.id}/chat-1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ files: ['notes.txt'] }),
    })
    expect(json.status).toBe(400)
  })

  it('keeps a private flow closed without its key, and opens it with the key bound to it', async () => {
    const flow = await publicFlow({ isPublic: false })
    const file = [{ name: 'notes.txt', type: 'text/plain', body: 'private notes' }]
    const anonymous = await attach(flow.id, file)
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.message).toBe(PRIVATE_WITHOUT_KEY)
    const key = (await admin.post('/api/v1/apikey', { keyName: 'Site', flowIds: [flow.id] })).body as { apiKey: string }
    const other = await publicFlow()
    const otherKey = (await admin.post('/api/v1/apikey', { keyName: 'Other', flowIds: [other.id] })).body as {
      apiKey: string
    }
    expect((await attach(flow.id, file, { authorization: `Bearer ${otherKey.apiKey}` })).status).toBe(401)
    const keyed = await attach(flow.id, file, { authorization: `Bearer ${key.apiKey}` })
    expect(keyed.status).toBe(200)
    expect(keyed.body[0].content).toBe('private notes')
    expect((await attach('00000000-0000-0000-0000-000000000000', file)).status).toBe(404)
  })

  it('refuses sites the flow does not allow, and counts uploads against the flow’s rate limit', async () => {
    const flow = await publicFlow({
      ...fileUpload(
        { status: true, allowedUploadFileTypes: 'text/plain', maxUploadSize: 1 },
        { allowedOrigins: ['https://allowed.example'] },
      ),
      apiConfig: JSON.stringify({
        rateLimit: { status: true, limitMax: 2, limitDuration: 3600, limitMsg: 'Slow down.' },
      }),
    })
    const file = [{ name: 'notes.txt', type: 'text/plain', body: 'hello' }]
    expect((await attach(flow.id, file)).status).toBe(403)
    const allowed = { origin: 'https://allowed.example' }
    expect((await attach(flow.id, file, allowed)).status).toBe(200)
    expect((await attach(flow.id, file, allowed)).status).toBe(200)
    const limited = await attach(flow.id, file, allowed)
    expect(limited.status).toBe(429)
    expect(limited.body.message).toBe('Slow down.')
  })

  it('answers the widget’s preflight', async () => {
    const flow = await publicFlow()
    const res = await fetch(`${base}/api/v1/attachments/${flow.id}/chat-1`, {
      method: 'OPTIONS',
      headers: { origin: SITE, 'access-control-request-method': 'POST' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE)
  })
})
