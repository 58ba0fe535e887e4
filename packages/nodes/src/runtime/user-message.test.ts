import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Upload } from '@weft/core'
import azureChatOpenAI from '../chat-models/azure-chat-openai.node.js'
import chatAnthropic from '../chat-models/chat-anthropic.node.js'
import chatGoogleGenerativeAI from '../chat-models/chat-google-generative-ai.node.js'
import chatOllama from '../chat-models/chat-ollama.node.js'
import chatOpenAI from '../chat-models/chat-openai.node.js'
import type { NodeDefinition } from '../define-node.js'
import { chat, type ChatModel } from '../providers/chat-model.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { startProviderStandIn, type ProviderStandIn } from '../testing/mock-provider-apis.js'
import { runModelNode } from '../testing/run-model-node.js'
import { testFetch } from '../testing/test-fetch.js'
import { userMessage } from './user-message.js'

// Each chat model that takes images sends them in its provider's own format: stand-ins on
// 127.0.0.1 record what arrived (OpenAI-compatible for OpenAI and Ollama, Anthropic's messages
// API, Gemini's generateContent, Azure's deployments).

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const image: Upload = { type: 'file', name: 'x.png', mime: 'image/png', data: `data:image/png;base64,${PNG}` }
const byUrl: Upload = { type: 'url', name: 'cat.png', mime: 'image/png', data: 'https://images.example.com/cat.png' }
const signal = new AbortController().signal

let openai: MockOpenAIServer
let standIn: ProviderStandIn
beforeAll(async () => {
  openai = await startMockOpenAI({ defaultText: 'A dot.' })
  standIn = await startProviderStandIn()
})
afterAll(async () => {
  await openai.close()
  await standIn.close()
})

async function ask(
  node: NodeDefinition,
  url: string,
  inputs: Record<string, unknown>,
  credential?: Record<string, string>,
) {
  const model = await runModelNode<ChatModel>(node, inputs, credential, testFetch(url))
  await chat(model, { messages: [userMessage(model, 'What is this?', [image])], signal })
}

const lastUser = (body: Record<string, unknown> | undefined, key = 'messages') =>
  ((body?.[key] ?? []) as { role: string; content?: unknown; parts?: unknown }[])
    .filter((m) => m.role === 'user')
    .at(-1)

describe('images to the chat models that see them', () => {
  it('ChatOpenAI: image_url with the Image Resolution as detail', async () => {
    await ask(
      chatOpenAI,
      openai.url,
      { modelName: 'gpt-4o', basePath: openai.baseURL, allowImageUploads: true, imageResolution: 'auto' },
      { openAIApiKey: 'sk-test' },
    )
    expect(lastUser(openai.requests.at(-1)?.body)?.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}`, detail: 'auto' } },
    ])
  })

  it("ChatOpenAI with Allow Image Uploads off: the text alone, as Flowise's does", async () => {
    await ask(chatOpenAI, openai.url, { modelName: 'gpt-4o', basePath: openai.baseURL }, { openAIApiKey: 'sk-test' })
    expect(lastUser(openai.requests.at(-1)?.body)?.content).toBe('What is this?')
  })

  it('Azure ChatOpenAI: image_url with detail at the deployment', async () => {
    await ask(
      azureChatOpenAI,
      standIn.url,
      { modelName: 'gpt-4o', allowImageUploads: true, imageResolution: 'high' },
      {
        azureOpenAIApiKey: 'azure-key',
        azureOpenAIApiDeploymentName: 'gpt4o-prod',
        azureOpenAIApiVersion: '2024-10-21',
        azureOpenAIApiEndpoint: standIn.url,
      },
    )
    const request = standIn.requests.at(-1)!
    expect(request.path).toBe('/openai/deployments/gpt4o-prod/chat/completions')
    expect(lastUser(request.body)?.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}`, detail: 'high' } },
    ])
  })

  it("ChatAnthropic: a base64 image source in Anthropic's format", async () => {
    await ask(
      chatAnthropic,
      openai.url,
      { modelName: 'claude-sonnet-4-5', basePath: openai.baseURL, allowImageUploads: true },
      { anthropicApiKey: 'sk-ant-test' },
    )
    const request = openai.requests.at(-1)!
    expect(request.path).toBe('/v1/messages')
    expect(lastUser(request.body)?.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
    ])
  })

  it("ChatGoogleGenerativeAI: inline data in Gemini's format", async () => {
    await ask(
      chatGoogleGenerativeAI,
      standIn.url,
      { modelName: 'gemini-2.5-flash', baseUrl: standIn.url, allowImageUploads: true, streaming: false },
      { googleGenerativeAPIKey: 'AIza-test' },
    )
    const request = standIn.requests.at(-1)!
    expect(request.path).toMatch(/^\/v1beta\/models\/gemini-2\.5-flash:/)
    expect(lastUser(request.body, 'contents')?.parts).toEqual([
      { text: 'What is this?' },
      { inlineData: { mimeType: 'image/png', data: PNG } },
    ])
  })

  it('ChatGoogleGenerativeAI: an image by URL goes to Gemini as its address, never fetched here', async () => {
    const model = await runModelNode<ChatModel>(
      chatGoogleGenerativeAI,
      { modelName: 'gemini-2.5-flash', baseUrl: standIn.url, allowImageUploads: true, streaming: false },
      { googleGenerativeAPIKey: 'AIza-test' },
      testFetch(standIn.url),
    )
    await chat(model, { messages: [userMessage(model, 'And this?', [byUrl])], signal })
    expect(lastUser(standIn.requests.at(-1)?.body, 'contents')?.parts).toEqual([
      { text: 'And this?' },
      { fileData: { mimeType: 'image/png', fileUri: 'https://images.example.com/cat.png' } },
    ])
  })

  it('ChatOllama (a vision model): image_url through its OpenAI-compatible endpoint', async () => {
    await ask(chatOllama, openai.url, { modelName: 'llava', baseUrl: openai.url, allowImageUploads: true })
    const request = openai.requests.at(-1)!
    expect(request.path).toBe('/v1/chat/completions')
    expect(lastUser(request.body)?.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
    ])
  })
})

describe('images by URL to an OpenAI-compatible server', () => {
  it('ChatOllama gets the address itself: the AI SDK does not fetch it past the guard', async () => {
    // testFetch allows only the stand-in: a fetch of images.example.com would fail the call.
    const model = await runModelNode<ChatModel>(
      chatOllama,
      { modelName: 'llava', baseUrl: openai.url, allowImageUploads: true },
      undefined,
      testFetch(openai.url),
    )
    await chat(model, { messages: [userMessage(model, 'And this?', [byUrl])], signal })
    expect(lastUser(openai.requests.at(-1)?.body)?.content).toEqual([
      { type: 'text', text: 'And this?' },
      { type: 'image_url', image_url: { url: 'https://images.example.com/cat.png' } },
    ])
  })
})
