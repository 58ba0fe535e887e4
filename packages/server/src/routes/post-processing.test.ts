import { toPostProcessingSetting, type Flow, type RunEvent } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow, listen, readEvents } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// The owner's post-processing function rewrites the answer in the sandbox after the run, before it
// is stored and sent. A stand-in chat model on 127.0.0.1 gives the answer it starts from.

const RAW = 'weft answers quietly'

function modelFlow(model: MockOpenAIServer): string {
  const flow = templateFlow()
  const chatModel = flow.add('chatOpenAICustom', 0, 0, { basePath: model.baseURL, modelName: 'mock-model' })
  const prompt = flow.add('promptTemplate', 0, 400, { template: '{question}' })
  const chain = flow.add('llmChain', 400, 200)
  flow.connect(chatModel, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  return JSON.stringify(flow.build())
}

type Stored = { role: string; content: string; status?: string }

describe.each(testDialects())('post-processing on $name', (dialect) => {
  let model: MockOpenAIServer
  let t: TestApp
  let admin: Browser
  let anonymous: Browser
  let flow: Flow

  beforeAll(async () => {
    model = await startMockOpenAI({ defaultText: RAW })
  })
  afterAll(() => model.close())
  beforeEach(async () => {
    model.requests.length = 0
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(model.baseURL).host } })
    admin = await setUpAdmin(t.app)
    anonymous = browser(t.app)
    flow = await createFlow(admin, modelFlow(model), { isPublic: true })
  })
  afterEach(() => t.close())

  const usePostProcessing = async (code: string, enabled = true) => {
    const chatbotConfig = JSON.stringify({ title: 'Shop', postProcessing: toPostProcessingSetting(enabled, code) })
    const res = await admin.put(`/api/v1/chatflows/${flow.id}`, { chatbotConfig })
    if (res.status !== 200) throw new Error(`Saving failed: ${JSON.stringify(res.body)}`)
  }
  const predict = (body: Record<string, unknown>) => anonymous.post(`/api/v1/prediction/${flow.id}`, body)
  const answers = async () =>
    ((await admin.get(`/api/v1/chatmessage/${flow.id}`)).body as Stored[])
      .filter((message) => message.role === 'apiMessage')
      .map((message) => [message.status ?? 'complete', message.content])

  it('answers and stores what the function makes of the answer', async () => {
    await usePostProcessing('return $flow.rawOutput.toUpperCase()')
    const res = await predict({ question: 'How do you answer?' })
    expect(res.status).toBe(200)
    expect(res.body.text).toBe('WEFT ANSWERS QUIETLY')
    expect(await answers()).toEqual([['complete', 'WEFT ANSWERS QUIETLY']])

    // Switched off, the answer is the flow's own again.
    await usePostProcessing('return $flow.rawOutput.toUpperCase()', false)
    expect((await predict({ question: 'How do you answer?' })).body.text).toBe(RAW)
  })

  it('streams only the final text, and tells clients the flow does not stream tokens', async () => {
    await usePostProcessing('return `${$flow.rawOutput}!`')
    const streaming = await anonymous.get(`/api/v1/chatflows-streaming/${flow.id}`)
    expect(streaming.body).toEqual({ isStreaming: false })

    const base = await listen(t.app)
    const res = await fetch(`${base}/api/v1/prediction/${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Hi', streaming: true }),
    })
    const events = await readEvents(res)
    expect(events.filter((event) => event.event === 'token')).toEqual([{ event: 'token', data: `${RAW}!` }])
    expect(events.map((event) => event.event).slice(-3)).toEqual(['token', 'metadata', 'end'])
    expect(await answers()).toEqual([['complete', `${RAW}!`]])
  })

  it('gives the function the run as $flow, by Flowise’s names', async () => {
    await usePostProcessing(
      'return JSON.stringify([$flow.input, $flow.chatId, $flow.sessionId, $flow.chatflowId, $flow.chatHistory, $flow.rawOutput])',
    )
    const history = [{ role: 'userMessage', content: 'Earlier' }]
    const res = await predict({ question: 'Now', chatId: 'chat-7', history })
    expect(JSON.parse(res.body.text)).toEqual(['Now', 'chat-7', 'chat-7', flow.id, history, RAW])
  })

  it('stops an endless function at the time limit, with an error naming the function and no answer stored', async () => {
    await usePostProcessing('while (true) {}')
    const res = await predict({ question: 'Loop' })
    expect(res.status).toBe(500)
    expect(res.body.message).toBe('Post-processing function: Custom code took longer than 1 s')
    expect(await answers()).toEqual([['failed', 'Post-processing function: Custom code took longer than 1 s']])
  })

  it('answers a failing function’s error in the stream, never the unprocessed answer', async () => {
    await usePostProcessing('throw new Error("no discount today")')
    const base = await listen(t.app)
    const res = await fetch(`${base}/api/v1/prediction/${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Hi', streaming: true }),
    })
    const events: RunEvent[] = await readEvents(res)
    expect(events.filter((event) => event.event === 'token')).toEqual([])
    expect(events.find((event) => event.event === 'error')?.data).toBe(
      'Post-processing function: Custom code failed: Error: no discount today',
    )
    expect(JSON.stringify(await answers())).not.toContain(RAW)
  })

  it('cannot reach the network or the server process', async () => {
    await usePostProcessing('return [typeof fetch, typeof process, typeof XMLHttpRequest, typeof WebSocket].join(",")')
    expect((await predict({ question: 'What can you reach?' })).body.text).toBe(
      'undefined,undefined,undefined,undefined',
    )
    // require gives only the sandbox's own modules: none of Node's, and no HTTP client here.
    for (const [module, refusal] of [
      ['fs', /require\('fs'\) is not available in Weft's sandbox/],
      ['axios', /require\('axios'\): this custom code may not make requests/],
    ] as const) {
      await usePostProcessing(`require(${JSON.stringify(module)}); return "reached"`)
      const refused = await predict({ question: `Load ${module}` })
      expect(refused.status).toBe(500)
      expect(refused.body.message).toMatch(refusal)
    }

    await usePostProcessing(`await fetch(${JSON.stringify(`${model.url}/v1/models`)}); return "reached"`)
    const calls = model.requests.length
    const res = await predict({ question: 'Call out' })
    expect(res.status).toBe(500)
    expect(res.body.message).toMatch(/^Post-processing function: .*fetch/)
    // The chat model was called for the answer, and nothing else reached the server.
    expect(model.requests.slice(calls).map((request) => request.path)).toEqual(['/v1/chat/completions'])
  })

  it('keeps the function to the owner: the public chatbot config leaves it out', async () => {
    await usePostProcessing('return "secret recipe"')
    const config = await anonymous.get(`/api/v1/public-chatbotConfig/${flow.id}`)
    expect(config.body.title).toBe('Shop')
    expect(config.body).not.toHaveProperty('postProcessing')
  })

  it('refuses post-processing switched on without a function', async () => {
    const chatbotConfig = JSON.stringify({ postProcessing: toPostProcessingSetting(true, '  ') })
    const res = await admin.put(`/api/v1/chatflows/${flow.id}`, { chatbotConfig })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(
      'body.chatbotConfig: postProcessing.customFunction: write the function, or switch post-processing off',
    )
  })
})
