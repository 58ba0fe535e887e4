import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { chat, type ChatModel } from '../providers/chat-model.js'
import { startMockOpenAI, type MockOpenAIServer } from '../testing/mock-openai-server.js'
import { startProviderStandIn, type ProviderStandIn } from '../testing/mock-provider-apis.js'
import { ask, runModelNode, weatherTool } from '../testing/run-model-node.js'
import { testFetch } from '../testing/test-fetch.js'
import azureChatOpenAILlamaIndex from './azure-chat-openai-llamaindex.node.js'
import chatAnthropicLlamaIndex from './chat-anthropic-llamaindex.node.js'

// Flowise's LlamaIndex-named Anthropic and Azure chat models run on the same providers as
// ChatAnthropic and Azure ChatOpenAI: the mock model server answers in Anthropic's Messages format,
// the provider stand-in in Azure OpenAI's.

let mock: MockOpenAIServer
let azure: ProviderStandIn
/** The run's guard with api.anthropic.com answered by the mock: the test's way in, not a flow's. */
let anthropicHere: OutboundFetch
const asked: string[] = []
beforeAll(async () => {
  mock = await startMockOpenAI()
  azure = await startProviderStandIn()
  const guarded = testFetch(mock.url)
  anthropicHere = (input, init) => {
    asked.push(String(input instanceof Request ? input.url : input))
    return guarded(asked.at(-1)!.replace('https://api.anthropic.com', mock.url), init)
  }
})
afterAll(async () => {
  await Promise.all([mock.close(), azure.close()])
})

const signal = new AbortController().signal

describe('ChatAnthropic (LlamaIndex)', () => {
  it("streams from Anthropic's Messages API with its inputs, sending LlamaIndex's undated Claude 3 names dated", async () => {
    mock.script({ text: 'Indexed Claude.' })
    const model = await runModelNode<ChatModel>(
      chatAnthropicLlamaIndex,
      { modelName: 'claude-3-haiku', temperature: '0.4', maxTokensToSample: '64' },
      { anthropicApiKey: 'sk-ant-llama' },
      anthropicHere,
    )
    const tokens: string[] = []
    const result = await chat(model, { messages: ask('Hi'), signal, onToken: (token) => tokens.push(token) })
    expect(tokens).toEqual(['Indexed ', 'Claude.'])
    expect(result.text).toBe('Indexed Claude.')
    const sent = mock.requests.at(-1)!
    expect(sent.path).toBe('/v1/messages')
    expect(sent.headers['x-api-key']).toBe('sk-ant-llama')
    expect(sent.body).toMatchObject({ model: 'claude-3-haiku-20240307', temperature: 0.4, max_tokens: 64 })
  })

  it('runs tools, and reads no Base Path saved with the flow (Flowise has none on this node)', async () => {
    mock.script({ toolCalls: [{ name: 'weather', arguments: { city: 'Lyon' } }] }, { text: 'Sunny.' })
    asked.length = 0
    const model = await runModelNode<ChatModel>(
      chatAnthropicLlamaIndex,
      { modelName: 'claude-sonnet-4-5', topP: '0.8', basePath: 'http://127.0.0.1:9/v1' },
      { anthropicApiKey: 'sk-ant-llama' },
      anthropicHere,
    )
    const result = await chat(model, { messages: ask('Weather?'), tools: [weatherTool], maxSteps: 2, signal })
    expect(result.usedTools).toEqual([{ tool: 'weather', toolInput: { city: 'Lyon' }, toolOutput: 'Sunny in Lyon' }])
    expect(mock.requests.at(-1)!.body).toMatchObject({ model: 'claude-sonnet-4-5', top_p: 0.8 })
    expect(asked.length).toBe(2)
    expect(asked.every((url) => url === 'https://api.anthropic.com/v1/messages')).toBe(true)
  })

  it('asks for a credential when there is no API key', async () => {
    await expect(runModelNode(chatAnthropicLlamaIndex, {}, {}, anthropicHere)).rejects.toThrow(
      'ChatAnthropic needs an Anthropic API key: choose a credential in Connect Credential',
    )
  })
})

describe('AzureChatOpenAI (LlamaIndex)', () => {
  const credential = () => ({
    azureOpenAIApiKey: 'azure-llama',
    azureOpenAIApiDeploymentName: 'gpt35-16k',
    azureOpenAIApiVersion: '2024-10-21',
    azureOpenAIApiEndpoint: azure.url,
  })

  it("streams from the credential's deployment with the api-key header, api-version and its inputs", async () => {
    azure.script({ text: 'Azure indexed.' })
    const model = await runModelNode<ChatModel>(
      azureChatOpenAILlamaIndex,
      { modelName: 'gpt-3.5-turbo-16k', temperature: '0.2', maxTokens: '40', topP: '0.7' },
      credential(),
      testFetch(azure.url),
    )
    const tokens: string[] = []
    const result = await chat(model, { messages: ask('Hi Azure'), signal, onToken: (token) => tokens.push(token) })
    expect(tokens).toEqual(['Azure ', 'indexed.'])
    expect(result.text).toBe('Azure indexed.')
    const sent = azure.requests.at(-1)!
    expect(sent.path).toBe('/openai/deployments/gpt35-16k/chat/completions')
    expect(sent.query.get('api-version')).toBe('2024-10-21')
    expect(sent.headers['api-key']).toBe('azure-llama')
    expect(sent.body).toMatchObject({ model: 'gpt-3.5-turbo-16k', temperature: 0.2, max_tokens: 40, top_p: 0.7 })
  })

  it('runs a tool the model asks for', async () => {
    azure.script({ toolCalls: [{ name: 'weather', arguments: { city: 'Oslo' } }] }, { text: 'Sunny in Oslo.' })
    const model = await runModelNode<ChatModel>(azureChatOpenAILlamaIndex, {}, credential(), testFetch(azure.url))
    const result = await chat(model, { messages: ask('Weather?'), tools: [weatherTool], maxSteps: 2, signal })
    expect(result.usedTools).toEqual([{ tool: 'weather', toolInput: { city: 'Oslo' }, toolOutput: 'Sunny in Oslo' }])
  })

  it('never reaches a private Endpoint the administrator did not allow, and asks for a deployment', async () => {
    const before = azure.requests.length
    const model = await runModelNode<ChatModel>(azureChatOpenAILlamaIndex, {}, credential(), testFetch())
    await expect(chat(model, { messages: ask('Hi'), signal })).rejects.toThrow('the address is private')
    expect(azure.requests.length).toBe(before)
    const { azureOpenAIApiDeploymentName: _unused, ...noDeployment } = credential()
    await expect(runModelNode(azureChatOpenAILlamaIndex, {}, noDeployment, testFetch())).rejects.toThrow(
      'the Azure OpenAI credential names no deployment',
    )
  })
})
