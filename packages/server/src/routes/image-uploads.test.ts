import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Flow } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// Images sent with a question (Flowise's `uploads`, type `file` with an image MIME type, or `url`)
// reach the chat model as image content, are kept as files of the flow's chat, are recorded on the
// user's message as Flowise's `fileUploads`, and are served back by `/get-upload-file` under the
// prediction's access rules. A chat whose model cannot take images refuses them before anything
// runs or is stored. The model is a stand-in OpenAI server on 127.0.0.1.

/** A real 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const pngUpload = (name = 'x.png') => ({
  type: 'file',
  name,
  mime: 'image/png',
  data: `data:image/png;base64,${PNG_BASE64}`,
})

interface ModelFlowOptions {
  model?: string
  inputs?: Record<string, unknown>
}

/** Prompt → LLM Chain ← a chat model at the stand-in, with its credential. */
function modelFlow(mock: MockOpenAIServer, credentialId: string, options: ModelFlowOptions = {}): string {
  const flow = templateFlow()
  const model = options.model ?? 'chatOpenAI'
  const chatModel = flow.add(model, 0, 0, { basePath: mock.baseURL, modelName: 'gpt-4o-mini', ...options.inputs })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(chatModel, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  const data = flow.build()
  for (const node of data.nodes) if (node.id === chatModel) node.data.credential = credentialId
  return JSON.stringify(data)
}

/** The content of the last user message the stand-in model received. */
const lastUserContent = (mock: MockOpenAIServer) => {
  const messages = (mock.requests.at(-1)?.body?.messages ?? []) as { role: string; content: unknown }[]
  return messages.filter((message) => message.role === 'user').at(-1)?.content
}

describe.each(testDialects())('image uploads on $name', (dialect) => {
  let mock: MockOpenAIServer
  let t: TestApp
  let admin: Browser
  let anonymous: Browser
  let credentialId: string
  let flow: Flow

  beforeAll(async () => {
    mock = await startMockOpenAI({ defaultText: 'A small picture.' })
  })
  afterAll(() => mock.close())
  beforeEach(async () => {
    mock.requests.length = 0
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.baseURL).host } })
    admin = await setUpAdmin(t.app)
    anonymous = browser(t.app)
    const credential = await admin.post('/api/v1/credentials', {
      name: 'OpenAI',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: 'sk-test' },
    })
    credentialId = (credential.body as { id: string }).id
    flow = await createFlow(
      admin,
      modelFlow(mock, credentialId, { inputs: { allowImageUploads: true, imageResolution: 'high' } }),
      { isPublic: true },
    )
  })
  afterEach(() => t.close())

  const predict = (flowId: string, body: Record<string, unknown>) =>
    anonymous.post(`/api/v1/prediction/${flowId}`, body)
  const messages = async (flowId: string) =>
    (await admin.get(`/api/v1/chatmessage/${flowId}`)).body as { role: string; content: string; fileUploads?: string }[]
  const getFile = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/get-upload-file?${query}`, headers })

  it('sends the image to the model as image content with the chosen detail', async () => {
    const res = await predict(flow.id, { question: 'What is in the picture?', uploads: [pngUpload()] })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.text).toBe('A small picture.')
    expect(lastUserContent(mock)).toEqual([
      { type: 'text', text: 'Answer: What is in the picture?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}`, detail: 'high' } },
    ])
  })

  it('sends an image given by URL as its address', async () => {
    const res = await predict(flow.id, {
      question: 'And this one?',
      uploads: [{ type: 'url', name: 'cat.png', mime: 'image/png', data: 'https://images.example.com/cat.png' }],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(lastUserContent(mock)).toEqual([
      { type: 'text', text: 'Answer: And this one?' },
      { type: 'image_url', image_url: { url: 'https://images.example.com/cat.png', detail: 'high' } },
    ])
    const [question] = await messages(flow.id)
    expect(JSON.parse(question!.fileUploads!)).toEqual([
      { type: 'url', name: 'cat.png', mime: 'image/png', data: 'https://images.example.com/cat.png' },
    ])
  })

  it("records Flowise's fileUploads on the question and serves the stored file", async () => {
    const res = await predict(flow.id, { question: 'Look', chatId: 'chat-1', uploads: [pngUpload()] })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const [question, answer] = await messages(flow.id)
    expect(question!.role).toBe('userMessage')
    expect(JSON.parse(question!.fileUploads!)).toEqual([{ type: 'stored-file', name: 'x.png', mime: 'image/png' }])
    expect(answer!.fileUploads).toBeUndefined()

    const file = await getFile(`chatflowId=${flow.id}&chatId=chat-1&fileName=x.png`)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.rawPayload.toString('base64')).toBe(PNG_BASE64)
  })

  it("removes kept images with their conversation, and all of a flow's with the flow", async () => {
    for (const chatId of ['chat-a', 'chat-b']) {
      expect((await predict(flow.id, { question: 'Look', chatId, uploads: [pngUpload()] })).status).toBe(200)
    }
    const file = (chatId: string) => getFile(`chatflowId=${flow.id}&chatId=${chatId}&fileName=x.png`)
    const cleared = await admin.delete(`/api/v1/chatmessage/${flow.id}?chatId=chat-a`)
    expect(cleared.status).toBe(200)
    expect((await file('chat-a')).statusCode).toBe(404)
    expect((await file('chat-b')).statusCode).toBe(200)
    expect((await admin.delete(`/api/v1/chatflows/${flow.id}`)).status).toBe(200)
    expect(existsSync(join(t.config.home, 'storage', flow.id))).toBe(false)
  })

  it('keeps the file under a cleaned name, found again by the name the client knows', async () => {
    const res = await predict(flow.id, { question: 'Look', chatId: 'chat-2', uploads: [pngUpload('../../evil.png')] })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const file = await getFile(`chatflowId=${flow.id}&chatId=chat-2&fileName=${encodeURIComponent('../../evil.png')}`)
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.toString('base64')).toBe(PNG_BASE64)
  })

  it('never serves a file of another chat or flow, nor anything outside the storage', async () => {
    await predict(flow.id, { question: 'Look', chatId: 'chat-1', uploads: [pngUpload()] })
    const other = await createFlow(admin, modelFlow(mock, credentialId, { inputs: { allowImageUploads: true } }), {
      isPublic: true,
    })
    expect((await getFile(`chatflowId=${other.id}&chatId=chat-1&fileName=x.png`)).statusCode).toBe(404)
    expect((await getFile(`chatflowId=${flow.id}&chatId=chat-9&fileName=x.png`)).statusCode).toBe(404)
    const attempts = [
      `chatflowId=${flow.id}&chatId=chat-1&fileName=..%2F..%2F..%2F..%2Fetc%2Fpasswd`,
      `chatflowId=${flow.id}&chatId=..&fileName=chat-1%2Fx.png`,
      `chatflowId=${flow.id}&chatId=..%2F..&fileName=x.png`,
      `chatflowId=${flow.id}&chatId=chat-1%2F..%2F..&fileName=passwd`,
      `chatflowId=..%2F${flow.id}&chatId=chat-1&fileName=x.png`,
      `chatflowId=${flow.id}&chatId=chat-1&fileName=%2Fetc%2Fpasswd`,
      `chatflowId=${flow.id}&chatId=chat-1&fileName=..`,
    ]
    for (const query of attempts) {
      const res = await getFile(query)
      expect([400, 404], query).toContain(res.statusCode)
      expect(res.body).not.toContain('root:')
      expect(res.body).not.toContain('weft-test-')
    }
    const missing = await getFile(`chatflowId=${flow.id}&chatId=chat-1`)
    expect(missing.statusCode).toBe(400)
    expect(JSON.parse(missing.body).message).toMatch(/fileName/)
  })

  it("answers with the prediction's access rules: a private flow needs its API key or a member", async () => {
    await predict(flow.id, { question: 'Look', chatId: 'chat-1', uploads: [pngUpload()] })
    await admin.put(`/api/v1/chatflows/${flow.id}`, { isPublic: false })
    const query = `chatflowId=${flow.id}&chatId=chat-1&fileName=x.png`
    expect((await getFile(query)).statusCode).toBe(401)
    const key = (await admin.post('/api/v1/apikey', { keyName: 'bound' })).body as { id: string; apiKey: string }
    await admin.put(`/api/v1/chatflows/${flow.id}`, { apikeyid: key.id })
    expect((await getFile(query, { authorization: `Bearer ${key.apiKey}` })).statusCode).toBe(200)
    const member = await admin.get(`/api/v1/get-upload-file?${query}`)
    expect(member.status).toBe(200)
  })

  it('refuses images when the chat model does not allow them, before anything runs or is stored', async () => {
    const off = await createFlow(admin, modelFlow(mock, credentialId), { isPublic: true })
    const res = await predict(off.id, { question: 'Look', chatId: 'chat-1', uploads: [pngUpload()] })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(
      "x.png: this chat does not take images; the flow's chat model does not allow image uploads.",
    )
    expect(mock.requests).toEqual([])
    expect(await messages(off.id)).toEqual([])
    expect((await getFile(`chatflowId=${off.id}&chatId=chat-1&fileName=x.png`)).statusCode).toBe(404)
  })

  it('refuses images where the switch sits on a model that cannot see them (a flow from Flowise)', async () => {
    const text = await createFlow(
      admin,
      modelFlow(mock, credentialId, { model: 'chatOpenAICustom', inputs: { allowImageUploads: true } }),
      { isPublic: true },
    )
    const res = await predict(text.id, { question: 'Look', uploads: [pngUpload()] })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/^x\.png: this chat does not take images/)
    expect(mock.requests).toEqual([])
  })

  it('refuses data that is not the image it claims to be', async () => {
    const page = Buffer.from('<html><script>alert(1)</script></html>').toString('base64')
    const res = await predict(flow.id, {
      question: 'Look',
      uploads: [{ type: 'file', name: 'x.png', mime: 'image/png', data: `data:image/png;base64,${page}` }],
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('x.png: the data is not a PNG, JPEG, GIF or WebP image.')
    expect(mock.requests).toEqual([])
    expect(await messages(flow.id)).toEqual([])
  })
})
