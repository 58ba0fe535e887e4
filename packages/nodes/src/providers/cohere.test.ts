import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import chatCohere from '../chat-models/chat-cohere.node.js'
import cohereEmbeddings from '../embeddings/cohere-embeddings.node.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { startProviderStandIn, type ProviderStandIn } from '../testing/mock-provider-apis.js'
import { ask, runModelNode, weatherTool } from '../testing/run-model-node.js'
import { testFetch } from '../testing/test-fetch.js'
import { chat, ModelCallError, type ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'

let cohere: ProviderStandIn
let fetch: OutboundFetch
let credential: Record<string, string>
beforeAll(async () => {
  cohere = await startProviderStandIn()
  fetch = testFetch(cohere.url)
  credential = { cohereApiKey: 'co-test', cohereApiBaseUrl: `${cohere.url}/v2` }
})
afterAll(() => cohere.close())

const signal = new AbortController().signal
const lastRequest = () => cohere.requests.at(-1)!
const model = (inputs: Record<string, unknown> = {}) =>
  runModelNode<ChatModel>(chatCohere, { modelName: 'command-r7b-12-2024', ...inputs }, credential, fetch)

describe('ChatCohere', () => {
  it('streams the answer from the v2 chat endpoint with the key as a bearer token', async () => {
    cohere.script({ text: 'Cohere is here.' })
    const tokens: string[] = []
    const result = await chat(await model({ temperature: '0.4' }), {
      system: 'Be kind.',
      messages: ask('Who?'),
      signal,
      onToken: (token) => tokens.push(token),
    })
    expect(tokens).toEqual(['Cohere ', 'is ', 'here.'])
    expect(result.text).toBe('Cohere is here.')
    expect(lastRequest().path).toBe('/v2/chat')
    expect(lastRequest().headers.authorization).toBe('Bearer co-test')
    expect(lastRequest().body).toMatchObject({
      model: 'command-r7b-12-2024',
      stream: true,
      temperature: 0.4,
      messages: [
        { role: 'system', content: 'Be kind.' },
        { role: 'user', content: 'Who?' },
      ],
    })
  })

  it('answers in one piece when Streaming is off', async () => {
    cohere.script({ text: 'Whole answer.' })
    const result = await chat(await model({ streaming: false }), { messages: ask('Hi'), signal })
    expect(result.text).toBe('Whole answer.')
    expect(lastRequest().body.stream).not.toBe(true)
  })

  it('runs a tool the model asks for, streamed', async () => {
    cohere.script({ toolCalls: [{ name: 'weather', arguments: { city: 'Bergen' } }] }, { text: 'Rain, then sun.' })
    const result = await chat(await model(), { messages: ask('Weather?'), tools: [weatherTool], maxSteps: 2, signal })
    expect(result.usedTools).toEqual([
      { tool: 'weather', toolInput: { city: 'Bergen' }, toolOutput: 'Sunny in Bergen' },
    ])
    expect(result.text).toBe('Rain, then sun.')
    expect(cohere.requests.at(-2)!.body.tools).toMatchObject([{ type: 'function', function: { name: 'weather' } }])
    expect(JSON.stringify(lastRequest().body.messages)).toContain('Sunny in Bergen')
  })

  it('turns an error into a ModelCallError naming the model', async () => {
    cohere.script({ status: 401, body: { message: 'invalid api token' } })
    const call = chat(await model(), { messages: ask('Hi'), signal })
    await expect(call).rejects.toThrow(ModelCallError)
    await expect(call).rejects.toThrow('Cohere command-r7b-12-2024: the server answered HTTP 401')
  })

  it('asks for a credential when there is no API key', async () => {
    await expect(runModelNode(chatCohere, {}, {}, fetch)).rejects.toThrow(
      'ChatCohere needs a Cohere API key: choose a credential in Connect Credential',
    )
  })
})

describe('Cohere Embeddings', () => {
  it('embeds texts with the v2 embed endpoint and the chosen input type', async () => {
    const embedder = await runModelNode<Embedder>(
      cohereEmbeddings,
      { modelName: 'embed-english-v3.0', inputType: 'search_document' },
      credential,
      fetch,
    )
    cohere.script({
      embeddings: [
        [1, 0],
        [0, 1],
      ],
    })
    expect(await embedder.embed(['refunds', 'shipping'])).toEqual([
      [1, 0],
      [0, 1],
    ])
    expect(lastRequest().path).toBe('/v2/embed')
    expect(lastRequest().headers.authorization).toBe('Bearer co-test')
    expect(lastRequest().body).toMatchObject({
      model: 'embed-english-v3.0',
      texts: ['refunds', 'shipping'],
      input_type: 'search_document',
      embedding_types: ['float'],
    })
  })
})
