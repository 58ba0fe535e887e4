import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import chatGoogleGenerativeAI from '../chat-models/chat-google-generative-ai.node.js'
import googleGenerativeAiEmbeddings from '../embeddings/google-generative-ai-embeddings.node.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { startProviderStandIn, type ProviderStandIn } from '../testing/mock-provider-apis.js'
import { ask, runModelNode, weatherTool } from '../testing/run-model-node.js'
import { testFetch } from '../testing/test-fetch.js'
import { chat, ModelCallError, type ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'

let gemini: ProviderStandIn
let fetch: OutboundFetch
beforeAll(async () => {
  gemini = await startProviderStandIn()
  fetch = testFetch(gemini.url)
})
afterAll(() => gemini.close())

const signal = new AbortController().signal
const credential = { googleGenerativeAPIKey: 'AIza-test' }
const lastRequest = () => gemini.requests.at(-1)!
// Flowise's Base URL is the host alone; the node adds the API version.
const model = (inputs: Record<string, unknown> = {}) =>
  runModelNode<ChatModel>(
    chatGoogleGenerativeAI,
    { modelName: 'gemini-2.5-flash', baseUrl: gemini.url, ...inputs },
    credential,
    fetch,
  )

describe('ChatGoogleGenerativeAI', () => {
  it('streams the answer from streamGenerateContent with the key in x-goog-api-key', async () => {
    gemini.script({ text: 'Gemini says hi.' })
    const tokens: string[] = []
    const result = await chat(await model({ temperature: '0.3', maxOutputTokens: '64', topK: '5' }), {
      system: 'Be brief.',
      messages: ask('Hello?'),
      signal,
      onToken: (token) => tokens.push(token),
    })
    expect(tokens).toEqual(['Gemini ', 'says ', 'hi.'])
    expect(result.text).toBe('Gemini says hi.')
    expect(lastRequest().path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent')
    expect(lastRequest().headers['x-goog-api-key']).toBe('AIza-test')
    expect(lastRequest().body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'Hello?' }] }],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { temperature: 0.3, maxOutputTokens: 64, topK: 5 },
    })
  })

  it('answers in one piece from generateContent when streaming is off, with the custom model and safety settings', async () => {
    gemini.script({ text: 'All at once.' })
    const tokens: string[] = []
    const gemModel = await model({
      streaming: false,
      customModelName: 'gemini-2.5-pro',
      harmCategory: '["HARM_CATEGORY_HARASSMENT"]',
      harmBlockThreshold: '["BLOCK_ONLY_HIGH"]',
    })
    const result = await chat(gemModel, { messages: ask('Hi'), signal, onToken: (token) => tokens.push(token) })
    expect(result.text).toBe('All at once.')
    expect(tokens).toEqual(['All at once.'])
    expect(lastRequest().path).toBe('/v1beta/models/gemini-2.5-pro:generateContent')
    expect(lastRequest().body).toMatchObject({
      safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' }],
    })
  })

  it('runs a tool Gemini asks for and sends its answer back', async () => {
    gemini.script({ toolCalls: [{ name: 'weather', arguments: { city: 'Oslo' } }] }, { text: 'It is sunny.' })
    const result = await chat(await model(), {
      messages: ask('Weather in Oslo?'),
      tools: [weatherTool],
      maxSteps: 2,
      signal,
    })
    expect(result.usedTools).toEqual([{ tool: 'weather', toolInput: { city: 'Oslo' }, toolOutput: 'Sunny in Oslo' }])
    expect(result.text).toBe('It is sunny.')
    const first = gemini.requests.at(-2)!.body
    expect(first.tools).toMatchObject([{ functionDeclarations: [{ name: 'weather' }] }])
    expect(JSON.stringify(lastRequest().body.contents)).toContain('Sunny in Oslo')
  })

  it('turns an error into a ModelCallError naming the model', async () => {
    gemini.script({
      status: 400,
      body: { error: { code: 400, message: 'API key not valid', status: 'INVALID_ARGUMENT' } },
    })
    const call = chat(await model({ streaming: false }), { messages: ask('Hi'), signal })
    await expect(call).rejects.toThrow(ModelCallError)
    await expect(call).rejects.toThrow('Google gemini-2.5-flash: the server answered HTTP 400: API key not valid')
  })

  it('refuses the Base URL of a private address the server did not allow', async () => {
    const call = chat(await model({ baseUrl: 'http://10.0.0.7' }), { messages: ask('Hi'), signal })
    await expect(call).rejects.toThrow(/10\.0\.0\.7/)
  })

  it('asks for a credential when there is no API key', async () => {
    await expect(runModelNode(chatGoogleGenerativeAI, {}, {}, fetch)).rejects.toThrow(
      'ChatGoogleGenerativeAI needs a Google AI API key: choose a credential in Connect Credential',
    )
  })
})

describe('GoogleGenerativeAI Embeddings', () => {
  it('embeds texts with batchEmbedContents and the task type, at the credential’s Base URL', async () => {
    const embedder = await runModelNode<Embedder>(
      googleGenerativeAiEmbeddings,
      { modelName: 'gemini-embedding-001', tasktype: 'RETRIEVAL_DOCUMENT' },
      { ...credential, googleGenerativeAPIBaseUrl: `${gemini.url}/v1beta` },
      fetch,
    )
    gemini.script({
      embeddings: [
        [0.1, 0.2],
        [0.3, 0.4],
      ],
    })
    expect(await embedder.embed(['refunds', 'shipping'])).toEqual([
      [0.1, 0.2],
      [0.3, 0.4],
    ])
    expect(lastRequest().path).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents')
    expect(lastRequest().headers['x-goog-api-key']).toBe('AIza-test')
    expect(lastRequest().body).toMatchObject({
      requests: [
        {
          model: 'models/gemini-embedding-001',
          content: { parts: [{ text: 'refunds' }] },
          taskType: 'RETRIEVAL_DOCUMENT',
        },
        { content: { parts: [{ text: 'shipping' }] } },
      ],
    })
  })

  it('embeds a single text with embedContent', async () => {
    const embedder = await runModelNode<Embedder>(
      googleGenerativeAiEmbeddings,
      { tasktype: 'TASK_TYPE_UNSPECIFIED', stripNewLines: true },
      { ...credential, googleGenerativeAPIBaseUrl: gemini.url },
      fetch,
    )
    const [vector] = await embedder.embed(['one\nline'])
    expect(vector).toHaveLength(4)
    expect(lastRequest().path).toBe('/v1beta/models/gemini-embedding-001:embedContent')
    expect(lastRequest().body).toMatchObject({ content: { parts: [{ text: 'one line' }] } })
    expect(lastRequest().body.taskType).toBeUndefined()
  })
})
