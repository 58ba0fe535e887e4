import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import llmChain from '../chains/llm-chain.node.js'
import azureOpenAI from '../llms/azure-openai.node.js'
import huggingFaceInference from '../llms/hugging-face-inference.node.js'
import ollama from '../llms/ollama.node.js'
import openAI from '../llms/openai.node.js'
import replicate from '../llms/replicate.node.js'
import type { NodeDefinition } from '../define-node.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import promptTemplate from '../prompts/prompt-template.node.js'
import { answerOf, runNode, testRun } from '../runtime/test-run.js'
import type { LoopbackApi } from '../testing/loopback-api.js'
import { startMockLlmApis } from '../testing/mock-llm-apis.js'
import { ask, runModelNode, weatherTool } from '../testing/run-model-node.js'
import { testFetch } from '../testing/test-fetch.js'
import { chat, ModelCallError, type ChatModel } from './chat-model.js'

// The LLM (text completion) nodes against a stand-in of their completion APIs: the prompt text
// arrives at the completion endpoint with the credential's key, and the completion comes back.

let api: LoopbackApi
let fetch: OutboundFetch
beforeAll(async () => {
  api = await startMockLlmApis()
  fetch = testFetch(api.url)
})
afterAll(() => api.close())

interface Case {
  node: NodeDefinition
  inputs: () => Record<string, unknown>
  credential: () => Record<string, string> | undefined
  /** The header that carries the key, and its value. */
  auth?: [string, string]
  path: string | RegExp
}

const CASES: Case[] = [
  {
    node: openAI,
    inputs: () => ({ modelName: 'gpt-3.5-turbo-instruct', basePath: `${api.url}/v1` }),
    credential: () => ({ openAIApiKey: 'sk-completion-1' }),
    auth: ['authorization', 'Bearer sk-completion-1'],
    path: '/v1/completions',
  },
  {
    node: azureOpenAI,
    inputs: () => ({}),
    credential: () => ({
      azureOpenAIApiKey: 'azure-key-1',
      azureOpenAIApiDeploymentName: 'instruct-prod',
      azureOpenAIApiVersion: '2024-10-21',
      azureOpenAIApiEndpoint: api.url,
    }),
    auth: ['api-key', 'azure-key-1'],
    path: '/openai/deployments/instruct-prod/completions?api-version=2024-10-21',
  },
  {
    node: ollama,
    inputs: () => ({ baseUrl: api.url, modelName: 'llama3.2' }),
    credential: () => undefined,
    path: '/v1/completions',
  },
  {
    node: replicate,
    inputs: () => ({ model: 'meta/meta-llama-3-8b-instruct', maxTokens: '40' }),
    credential: () => ({ replicateApiKey: 'r8-key-1', replicateApiBaseUrl: `${api.url}/v1` }),
    auth: ['authorization', 'Bearer r8-key-1'],
    path: /^\/v1\/predictions\/p\d+$/,
  },
  {
    node: huggingFaceInference,
    inputs: () => ({ endpoint: `${api.url}/hf/gpt2` }),
    credential: () => ({ huggingFaceApiKey: 'hf-key-1' }),
    auth: ['authorization', 'Bearer hf-key-1'],
    path: '/hf/gpt2',
  },
]

const signal = new AbortController().signal
const build = (c: Case, useFetch = fetch) => runModelNode<ChatModel>(c.node, c.inputs(), c.credential(), useFetch)

describe.each(CASES.map((c) => [c.node.descriptor.name, c] as const))('%s', (_name, c) => {
  it('completes the prompt text at its completion endpoint, sending the key', async () => {
    const tokens: string[] = []
    const result = await chat(await build(c), {
      messages: ask('What rhymes with moon?'),
      signal,
      onToken: (token) => tokens.push(token),
    })
    expect(result.text).toMatch(/^Echo: .*What rhymes with moon\?/s)
    expect(tokens.join('')).toBe(result.text)
    const request = api.requests.at(-1)!
    if (typeof c.path === 'string') expect(request.url).toBe(c.path)
    else expect(request.url).toMatch(c.path)
    if (c.auth) expect(request.headers[c.auth[0]]).toBe(c.auth[1])
  })

  it('names the model when the service refuses, without repeating the key', async () => {
    const failure = (await chat(await build(c), { messages: ask('please fail'), signal }).catch(
      (error: unknown) => error,
    )) as Error
    expect(failure).toBeInstanceOf(ModelCallError)
    expect(failure.message).toMatch(/the server answered HTTP 401: Invalid key: /)
    if (c.auth) expect(failure.message).not.toContain(c.auth[1].replace('Bearer ', ''))
  })

  it('reaches a private address only when the administrator allowed it', async () => {
    const before = api.requests.length
    await expect(chat(await build(c, testFetch()), { messages: ask('Hi'), signal })).rejects.toThrow(
      'the address is private',
    )
    expect(api.requests.length).toBe(before)
  })
})

describe('LLM nodes in an LLM Chain', () => {
  it('fill the prompt template and answer with the completion', async () => {
    const run = testRun({ question: 'tides' })
    const model = await build(CASES[3]!)
    const prompt = await runNode(promptTemplate, { template: 'Write one line about {question}.' }, run)
    const answer = await answerOf(await runNode(llmChain, { model, prompt }, run, { isEnding: true }), run)
    expect(answer.text).toBe('Echo: Write one line about tides.')
  })

  it('refuse tools, which a completion model cannot call', async () => {
    const call = chat(await build(CASES[4]!), { messages: ask('Weather?'), tools: [weatherTool], signal })
    await expect(call).rejects.toThrow('completes text and cannot call tools')
  })

  it('say what is missing', async () => {
    await expect(runModelNode(replicate, {}, { replicateApiKey: 'k' }, fetch)).rejects.toThrow(
      'Replicate needs a Model',
    )
    await expect(runModelNode(replicate, { model: 'a/b' }, undefined, fetch)).rejects.toThrow(
      'Replicate needs a Replicate API token',
    )
    await expect(runModelNode(huggingFaceInference, {}, undefined, fetch)).rejects.toThrow(
      'HuggingFace Inference needs a Model or an Endpoint',
    )
  })
})
