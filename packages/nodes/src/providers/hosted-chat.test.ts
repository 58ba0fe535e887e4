import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import chatCerebras from '../chat-models/chat-cerebras.node.js'
import chatDeepseek from '../chat-models/chat-deepseek.node.js'
import chatFireworks from '../chat-models/chat-fireworks.node.js'
import chatHuggingFace from '../chat-models/chat-hugging-face.node.js'
import chatLitellm from '../chat-models/chat-litellm.node.js'
import chatLocalAI from '../chat-models/chat-local-ai.node.js'
import chatNvidiaNIM from '../chat-models/chat-nvidia-nim.node.js'
import chatOpenRouter from '../chat-models/chat-open-router.node.js'
import chatPerplexity from '../chat-models/chat-perplexity.node.js'
import chatTogetherAI from '../chat-models/chat-together-ai.node.js'
import chatXAI from '../chat-models/chat-xai.node.js'
import type { NodeDefinition } from '../define-node.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { ask, runModelNode } from '../testing/run-model-node.js'
import { testFetch } from '../testing/test-fetch.js'
import { chat, ModelCallError, type ChatModel } from './chat-model.js'

// Every OpenAI-style service node against the OpenAI stand-in: pointed at it by the node's address
// input where Flowise's node has one, else by the credential's Base URL.

let mock: MockOpenAIServer
let fetch: OutboundFetch
beforeAll(async () => {
  mock = await startMockOpenAI()
  fetch = testFetch(mock.url)
})
afterAll(() => mock.close())

interface Case {
  node: NodeDefinition
  keyField: string
  /** Where the stand-in's address goes: a node input or a credential field. */
  address: { input: string } | { credential: string }
  inputs: Record<string, unknown>
  /** The model name the request must carry. */
  model: string
}

const CASES: Case[] = [
  {
    node: chatDeepseek,
    keyField: 'deepseekApiKey',
    address: { credential: 'deepseekApiBaseUrl' },
    inputs: {},
    model: 'deepseek-chat',
  },
  {
    node: chatOpenRouter,
    keyField: 'openRouterApiKey',
    address: { input: 'basePath' },
    inputs: { modelName: 'openai/gpt-4o' },
    model: 'openai/gpt-4o',
  },
  {
    node: chatXAI,
    keyField: 'xaiApiKey',
    address: { credential: 'xaiApiBaseUrl' },
    inputs: { modelName: 'grok-3' },
    model: 'grok-3',
  },
  {
    node: chatTogetherAI,
    keyField: 'togetherAIApiKey',
    address: { credential: 'togetherAIApiBaseUrl' },
    inputs: { modelName: 'meta/llama' },
    model: 'meta/llama',
  },
  {
    node: chatFireworks,
    keyField: 'fireworksApiKey',
    address: { credential: 'fireworksApiBaseUrl' },
    inputs: {},
    model: 'accounts/fireworks/models/llama-v3p1-8b-instruct',
  },
  {
    node: chatNvidiaNIM,
    keyField: 'nvidiaNIMApiKey',
    address: { input: 'basePath' },
    inputs: { modelName: 'meta/llama-3.1-8b-instruct' },
    model: 'meta/llama-3.1-8b-instruct',
  },
  {
    node: chatCerebras,
    keyField: 'cerebrasApiKey',
    address: { input: 'basePath' },
    inputs: { modelName: 'llama3.1-8b' },
    model: 'llama3.1-8b',
  },
  {
    node: chatLitellm,
    keyField: 'litellmApiKey',
    address: { input: 'basePath' },
    inputs: { modelName: 'gpt-proxy' },
    model: 'gpt-proxy',
  },
  {
    node: chatLocalAI,
    keyField: 'localAIApiKey',
    address: { input: 'basePath' },
    inputs: { modelName: 'phi-2' },
    model: 'phi-2',
  },
  {
    node: chatPerplexity,
    keyField: 'perplexityApiKey',
    address: { credential: 'perplexityApiBaseUrl' },
    inputs: {},
    model: 'sonar',
  },
  {
    node: chatHuggingFace,
    keyField: 'huggingFaceApiKey',
    address: { input: 'endpoint' },
    inputs: { model: 'org/m:novita' },
    model: 'org/m:novita',
  },
]

const signal = new AbortController().signal
const keyOf = (c: Case) => `key-of-${c.node.descriptor.name}-1234`

function build(c: Case, extraInputs: Record<string, unknown> = {}, useFetch = fetch) {
  const inputs = { ...c.inputs, ...extraInputs }
  const credential: Record<string, string> = { [c.keyField]: keyOf(c) }
  if ('input' in c.address) inputs[c.address.input] = mock.baseURL
  else credential[c.address.credential] = mock.baseURL
  return runModelNode<ChatModel>(c.node, inputs, credential, useFetch)
}

describe.each(CASES.map((c) => [c.node.descriptor.name, c] as const))('%s', (_name, c) => {
  it('streams the answer from the server, sending its own credential key', async () => {
    mock.script({ text: 'Answer from the stand-in.' })
    const tokens: string[] = []
    const model = await build(c, { temperature: '0.3' })
    const result = await chat(model, { messages: ask('Hi?'), signal, onToken: (token) => tokens.push(token) })
    expect(result.text).toBe('Answer from the stand-in.')
    expect(tokens.join('')).toBe('Answer from the stand-in.')
    const request = mock.requests.at(-1)!
    expect(request.path).toBe('/v1/chat/completions')
    expect(request.headers.authorization).toBe(`Bearer ${keyOf(c)}`)
    expect(request.body).toMatchObject({
      model: c.model,
      temperature: 0.3,
      messages: [{ role: 'user', content: 'Hi?' }],
    })
  })

  it('names the model when the server refuses, without repeating the key', async () => {
    mock.script({ status: 401, body: { error: { message: `Incorrect API key provided: ${keyOf(c)}` } } })
    const call = chat(await build(c), { messages: ask('Hi'), signal })
    await expect(call).rejects.toThrow(ModelCallError)
    const error = (await call.catch((failure: unknown) => failure)) as Error
    expect(error.message).toContain('the server answered HTTP 401: Incorrect API key provided: ***')
    expect(error.message).not.toContain(keyOf(c))
  })

  it('reaches a private address only when the administrator allowed it', async () => {
    const before = mock.requests.length
    const call = chat(await build(c, {}, testFetch()), { messages: ask('Hi'), signal })
    await expect(call).rejects.toThrow('the address is private, unreachable or refused the connection')
    expect(mock.requests.length).toBe(before)
  })
})

describe('hosted chat nodes', () => {
  it('ask for a credential where the service needs a key', async () => {
    for (const node of [chatDeepseek, chatXAI, chatTogetherAI, chatFireworks, chatPerplexity, chatHuggingFace]) {
      await expect(runModelNode(node, { modelName: 'm' }, undefined, fetch)).rejects.toThrow(
        `${node.descriptor.label} needs a`,
      )
    }
  })

  it('read the address Flowise saves as basepath, and send Base Options headers and stop words', async () => {
    const model = await runModelNode<ChatModel>(
      chatCerebras,
      { modelName: 'llama3.1-8b', basepath: mock.baseURL, baseOptions: '{"X-Team":"blue"}' },
      undefined,
      fetch,
    )
    await chat(model, { messages: ask('Hi'), signal })
    expect(mock.requests.at(-1)!.headers['x-team']).toBe('blue')
    expect(mock.requests.at(-1)!.headers.authorization).toBeUndefined()
    const deepseek = await runModelNode<ChatModel>(
      chatDeepseek,
      { stopSequence: 'END, STOP' },
      { deepseekApiKey: 'ds-key', deepseekApiBaseUrl: mock.baseURL },
      fetch,
    )
    await chat(deepseek, { messages: ask('Hi'), signal })
    expect(mock.requests.at(-1)!.body).toMatchObject({ stop: ['END', 'STOP'] })
  })

  it('send ChatHuggingFace to <Endpoint>/v1 as the model "tgi" when no model is named', async () => {
    const model = await runModelNode<ChatModel>(
      chatHuggingFace,
      { endpoint: mock.url, stop: 'Human:' },
      { huggingFaceApiKey: 'hf_key' },
      fetch,
    )
    await chat(model, { messages: ask('Hi'), signal })
    expect(mock.requests.at(-1)!.path).toBe('/v1/chat/completions')
    expect(mock.requests.at(-1)!.body).toMatchObject({ model: 'tgi', stop: ['Human:'] })
  })

  it('say what is missing when a local server has no address', async () => {
    await expect(runModelNode(chatLocalAI, { modelName: 'phi-2' }, undefined, fetch)).rejects.toThrow(
      'ChatLocalAI needs a Base Path',
    )
  })
})
