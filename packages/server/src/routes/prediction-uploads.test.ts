import type { Flow, RunEvent } from '@weft/core'
import { makePdf } from '../../../nodes/src/testing/make-pdf.js'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import {
  startMockTranscription,
  type MockTranscriptionServer,
} from '../../../nodes/src/testing/mock-transcription-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, listen, readEvents } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// File upload and speech to text act on the run: what a chat may send is checked before anything
// runs or is stored, a whole file's text goes to the model with the question, and a voice message
// is transcribed by a stand-in OpenAI-compatible transcription server on 127.0.0.1 and becomes the
// question. A stand-in chat model shows what the flow was really asked.

const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64')
const textFile = (name: string, text: string, mime = 'text/plain') => ({
  type: 'file:full',
  name,
  mime,
  data: `data:${mime};base64,${base64(text)}`,
})
/** Bytes that stand for a recording; the stand-in server does not listen to them. */
const RECORDING = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01])
const voice = {
  type: 'audio',
  name: 'audio.webm',
  mime: 'audio/webm',
  data: `data:audio/webm;codecs=opus;base64,${base64(RECORDING)}`,
}

/** A chain that sends the question to the stand-in chat model. */
function modelFlow(model: MockOpenAIServer): string {
  const flow = templateFlow()
  const chatModel = flow.add('chatOpenAICustom', 0, 0, { basePath: model.baseURL, modelName: 'mock-model' })
  const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer: {question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(chatModel, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return JSON.stringify(flow.build())
}

/** The text the stand-in chat model was last sent. */
const lastPrompt = (model: MockOpenAIServer) => JSON.stringify(model.requests.at(-1)?.body?.messages ?? [])

describe.each(testDialects())('uploads and speech to text on $name', (dialect) => {
  let model: MockOpenAIServer
  let stt: MockTranscriptionServer
  let t: TestApp
  let admin: Browser
  let anonymous: Browser
  let flow: Flow

  beforeAll(async () => {
    model = await startMockOpenAI({ defaultText: 'Noted.' })
    stt = await startMockTranscription()
  })
  afterAll(async () => {
    await model.close()
    await stt.close()
  })
  beforeEach(async () => {
    model.requests.length = 0
    stt.requests.length = 0
    const hosts = [new URL(model.baseURL).host, new URL(stt.baseURL).host].join(',')
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: hosts } })
    admin = await setUpAdmin(t.app)
    anonymous = browser(t.app)
    flow = await createFlow(admin, modelFlow(model), { isPublic: true })
  })
  afterEach(() => t.close())

  const predict = (body: Record<string, unknown>) => anonymous.post(`/api/v1/prediction/${flow.id}`, body)
  const stored = async () =>
    ((await admin.get(`/api/v1/chatmessage/${flow.id}`)).body as { role: string; content: string }[]).map((message) => [
      message.role,
      message.content,
    ])
  const fileUpload = (setting: Record<string, unknown>) =>
    admin.put(`/api/v1/chatflows/${flow.id}`, { chatbotConfig: JSON.stringify({ fullFileUpload: setting }) })
  const createCredential = async (credentialName: string, plainDataObj: Record<string, string>) =>
    (await admin.post('/api/v1/credentials', { name: 'Speech', credentialName, plainDataObj })).body as { id: string }
  const speechToText = (entry: Record<string, unknown>) =>
    admin.put(`/api/v1/chatflows/${flow.id}`, {
      speechToText: JSON.stringify({ localAISTT: { status: true, baseUrl: stt.baseURL, ...entry } }),
    })

  describe('file upload', () => {
    it('refuses files while file upload is off, naming the file, and stores nothing', async () => {
      const res = await predict({ question: 'Summarise it', uploads: [textFile('notes.txt', 'hello')] })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('notes.txt: this chat does not take files; file upload is off.')
      expect(await stored()).toEqual([])
      expect(model.requests).toEqual([])
    })

    it('reads an attached PDF with the PDF loader, so the model gets its text, not its bytes', async () => {
      await fileUpload({ status: true, allowedUploadFileTypes: 'application/pdf', maxUploadSize: 1 })
      const pdf = makePdf([['Welcome to the handbook.'], ['Refund policy: 30 days from delivery.']])
      const res = await predict({
        question: 'How long is the refund window?',
        uploads: [
          {
            type: 'file:full',
            name: 'handbook.pdf',
            mime: 'application/pdf',
            data: `data:application/pdf;base64,${pdf.toString('base64')}`,
          },
        ],
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(lastPrompt(model)).toContain('Attached file handbook.pdf:\\nWelcome to the handbook.')
      expect(lastPrompt(model)).toContain('Refund policy: 30 days from delivery.')
      expect(lastPrompt(model)).not.toContain('%PDF')

      const broken = await predict({
        question: 'And this one?',
        uploads: [
          {
            type: 'file:full',
            name: 'broken.pdf',
            mime: 'application/pdf',
            data: `data:application/pdf;base64,${base64('not a pdf')}`,
          },
        ],
      })
      expect(broken.status).toBe(400)
      expect(broken.body.message).toMatch(/^broken\.pdf: /)
    })

    it('sends the text of an allowed file to the model with the question, and stores the question', async () => {
      await fileUpload({ status: true, allowedUploadFileTypes: 'text/plain,text/csv', maxUploadSize: 1 })
      const res = await predict({
        question: 'What is on the list?',
        uploads: [textFile('list.csv', 'apples,pears', 'text/csv')],
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ text: 'Noted.', question: 'What is on the list?' })
      expect(lastPrompt(model)).toContain('What is on the list?')
      expect(lastPrompt(model)).toContain('Attached file list.csv:\\napples,pears')
      expect(await stored()).toEqual([
        ['userMessage', 'What is on the list?'],
        ['apiMessage', 'Noted.'],
      ])

      // Streamed, the metadata names the question as asked, not the prompt with the file's text.
      const base = await listen(t.app)
      const streamed = await fetch(`${base}/api/v1/prediction/${flow.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'And now?', streaming: true, uploads: [textFile('a.txt', 'figs')] }),
      })
      const metadata = (await readEvents(streamed)).find((event) => event.event === 'metadata')
      expect(metadata?.data).toMatchObject({ question: 'And now?' })
      expect(lastPrompt(model)).toContain('Attached file a.txt:\\nfigs')
    })

    it('refuses a file of another type or over the size, before a stream opens', async () => {
      await fileUpload({ status: true, allowedUploadFileTypes: 'text/plain', maxUploadSize: 1 })
      const pdf = await predict({ question: 'Read', uploads: [textFile('report.zip', 'PK', 'application/zip')] })
      expect(pdf.status).toBe(400)
      expect(pdf.body.message).toBe(
        'report.zip: files of type application/zip are not accepted here; accepted: text/plain.',
      )
      const big = await predict({
        question: 'Read',
        streaming: true,
        uploads: [textFile('big.txt', 'x'.repeat(1024 * 1024 + 1))],
      })
      expect(big.status).toBe(400)
      expect(big.body.message).toBe('big.txt: 1.0 MB is over the 1 MB limit for files.')
      const broken = await predict({ question: 'Read', uploads: [{ ...textFile('a.txt', 'x'), type: 'file', data: 'not base64!' }] })
      expect(broken.body.message).toBe('a.txt: the data must be base64 or a base64 data: URL.')
      expect(await stored()).toEqual([])
      expect(model.requests).toEqual([])
    })

    it('tells chat clients what they may send, in Flowise’s shape', async () => {
      await fileUpload({ status: true, allowedUploadFileTypes: 'text/plain,application/zip', maxUploadSize: 3 })
      const config = await anonymous.get(`/api/v1/public-chatbotConfig/${flow.id}`)
      expect(config.body.fullFileUpload).toMatchObject({ status: true })
      expect(config.body.uploads).toEqual({
        isSpeechToTextEnabled: false,
        isImageUploadAllowed: false,
        isRAGFileUploadAllowed: false,
        imgUploadSizeAndTypes: [],
        fileUploadSizeAndTypes: [{ fileTypes: ['text/plain'], maxUploadSize: 3 }],
      })
    })

    it('refuses settings it could not apply, naming the field', async () => {
      const res = await fileUpload({ status: true, allowedUploadFileTypes: 'text/plain', maxUploadSize: 500 })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(
        'body.chatbotConfig: fullFileUpload.maxUploadSize must be a whole number of MB from 1 to 20',
      )
    })
  })

  describe('speech to text', () => {
    it('transcribes a voice message through the guarded fetch; the words are the question stored and answered', async () => {
      const credential = await createCredential('openAICompatibleApi', { apiKey: 'stt-secret-key' })
      const saved = await speechToText({ credentialId: credential.id, language: 'en', model: 'whisper-large' })
      expect(saved.status).toBe(200)
      expect(JSON.parse(saved.body.speechToText)).toMatchObject({ localAISTT: { status: true, language: 'en' } })
      stt.script({ text: ' What time do you open? ' })

      const res = await predict({ question: '', uploads: [voice] })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ question: 'What time do you open?', text: 'Noted.' })
      const [sent] = stt.requests
      expect(sent?.file?.bytes.equals(RECORDING)).toBe(true)
      expect(sent?.file).toMatchObject({ name: 'audio.webm', type: 'audio/webm' })
      expect(sent?.fields).toMatchObject({ model: 'whisper-large', language: 'en' })
      expect(sent?.headers.authorization).toBe('Bearer stt-secret-key')
      expect(lastPrompt(model)).toContain('What time do you open?')
      expect(await stored()).toEqual([
        ['userMessage', 'What time do you open?'],
        ['apiMessage', 'Noted.'],
      ])
    })

    it('streams the answer to a voice message, with the words as the question in the metadata', async () => {
      await speechToText({})
      stt.script({ text: 'Hello there' })
      const base = await listen(t.app)
      const res = await fetch(`${base}/api/v1/prediction/${flow.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: '', streaming: true, uploads: [voice] }),
      })
      const events = await readEvents(res)
      const metadata = events.find(
        (event): event is Extract<RunEvent, { event: 'metadata' }> => event.event === 'metadata',
      )
      expect(metadata?.data.question).toBe('Hello there')
      expect(stt.requests[0]?.fields.model).toBe('whisper-1')
      expect(stt.requests[0]?.headers.authorization).toBeUndefined()
    })

    it('refuses voice messages while speech to text is off, and stores nothing', async () => {
      const res = await predict({ question: '', uploads: [voice] })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('audio.webm: this chat does not take voice messages; speech to text is off.')
      expect(stt.requests).toEqual([])
      expect(await stored()).toEqual([])
    })

    it('answers 502 naming what the transcription server said, without running or storing', async () => {
      await speechToText({})
      stt.script({ status: 401, body: { error: { message: 'Incorrect API key provided' } } })
      const res = await predict({ question: '', uploads: [voice] })
      expect(res.status).toBe(502)
      expect(res.body.message).toBe(
        'Speech to text could not transcribe audio.webm: the transcription server answered HTTP 401: Incorrect API key provided',
      )
      expect(model.requests).toEqual([])
      expect(await stored()).toEqual([])
    })

    it('refuses settings it could not use, naming the field', async () => {
      const openAI = await createCredential('openAIApi', { openAIApiKey: 'sk-not-for-this' })
      const refusals: [string, string][] = [
        [
          JSON.stringify({ openAIWhisper: { status: true, credentialId: 'no-such-credential' } }),
          'body.speechToText: openAIWhisper.credentialId: no credential of this workspace has that id',
        ],
        [
          JSON.stringify({ localAISTT: { status: true, baseUrl: 'not a url' } }),
          'body.speechToText: localAISTT.baseUrl must be an http or https address, e.g. http://localhost:8080/v1',
        ],
        [
          JSON.stringify({ assemblyAiTranscribe: { status: true, credentialId: openAI.id } }),
          'body.speechToText: assemblyAiTranscribe is not a provider Weft can use; choose openAIWhisper or localAISTT',
        ],
      ]
      for (const [speechToText, message] of refusals) {
        const res = await admin.put(`/api/v1/chatflows/${flow.id}`, { speechToText })
        expect(res.status).toBe(400)
        expect(res.body.message).toBe(message)
      }
      const compatible = await createCredential('openAICompatibleApi', { apiKey: 'k' })
      const wrongType = JSON.stringify({ openAIWhisper: { status: true, credentialId: compatible.id } })
      expect((await admin.put(`/api/v1/chatflows/${flow.id}`, { speechToText: wrongType })).body.message).toBe(
        'body.speechToText: openAIWhisper.credentialId: a openAICompatibleApi credential cannot be used here; choose openAIApi',
      )
      expect((await admin.get(`/api/v1/chatflows/${flow.id}`)).body.speechToText).toBeNull()
    })
  })
})

describe.each(testDialects())('speech to text without the administrator’s permission on $name', (dialect) => {
  it('never reaches a private transcription server', async () => {
    const stt = await startMockTranscription({ defaultText: 'hi' })
    const t = await startTestApp({ dialect })
    try {
      const admin = await setUpAdmin(t.app)
      const chain = templateFlow()
      chain.add('chatOffline', 0, 0)
      const flow = await createFlow(admin, JSON.stringify(chain.build()), {
        isPublic: true,
        speechToText: JSON.stringify({ localAISTT: { status: true, baseUrl: stt.baseURL } }),
      })
      const res = await browser(t.app).post(`/api/v1/prediction/${flow.id}`, { question: '', uploads: [voice] })
      expect(res.status).toBe(502)
      expect(res.body.message).toContain('Speech to text could not transcribe audio.webm: Weft could not reach')
      expect(stt.requests).toEqual([])
    } finally {
      await t.close()
      await stt.close()
    }
  })
})
