import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import azureChatOpenAI from '../chat-models/azure-chat-openai.node.js'
import azureOpenAIEmbeddings from '../embeddings/azure-openai-embeddings.node.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { startProviderStandIn, type ProviderStandIn } from '../testing/mock-provider-apis.js'
import { ask, runModelNode, weatherTool } from '../testing/run-model-node.js'
import { testFetch } from '../testing/test-fetch.js'
import { chat, ModelCallError, type ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'

let azure: ProviderStandIn
let fetch: OutboundFetch
let credential: Record<string, string>
beforeAll(async () => {
  azure = await startProviderStandIn()
  fetch = testFetch(azure.url)
  credential = {
    azureOpenAIApiKey: 'azure-key',
    azureOpenAIApiDeploymentName: 'gpt4o-prod',
    azureOpenAIApiVersion: '2024-10-21',
    azureOpenAIApiEndpoint: azure.url,
  }
})
afterAll(() => azure.close())

const signal = new AbortController().signal
const lastRequest = () => azure.requests.at(-1)!
const model = (inputs: Record<string, unknown> = {}, saved = credential) =>
  runModelNode<ChatModel>(azureChatOpenAI, { modelName: 'gpt-4o', ...inputs }, saved, fetch)

describe('Azure ChatOpenAI', () => {
  it("streams from the credential's deployment with the api-key header and api-version", async () => {
    azure.script({ text: 'Azure answers.' })
    const tokens: string[] = []
    const result = await chat(await model({ maxTokens: '30' }), {
      messages: ask('Hi Azure'),
      signal,
      onToken: (token) => tokens.push(token),
    })
    expect(tokens).toEqual(['Azure ', 'answers.'])
    expect(result.text).toBe('Azure answers.')
    expect(lastRequest().path).toBe('/openai/deployments/gpt4o-prod/chat/completions')
    expect(lastRequest().query.get('api-version')).toBe('2024-10-21')
    expect(lastRequest().headers['api-key']).toBe('azure-key')
    expect(lastRequest().headers.authorization).toBeUndefined()
    expect(lastRequest().body).toMatchObject({
      model: 'gpt-4o',
      stream: true,
      max_tokens: 30,
      messages: [{ role: 'user', content: 'Hi Azure' }],
    })
  })

  it('runs a tool the model asks for', async () => {
    azure.script({ toolCalls: [{ name: 'weather', arguments: { city: 'Paris' } }] }, { text: 'Sunny in Paris.' })
    const result = await chat(await model(), { messages: ask('Weather?'), tools: [weatherTool], maxSteps: 2, signal })
    expect(result.usedTools).toEqual([{ tool: 'weather', toolInput: { city: 'Paris' }, toolOutput: 'Sunny in Paris' }])
    expect(result.text).toBe('Sunny in Paris.')
  })

  it('turns an error into a ModelCallError naming the deployment', async () => {
    azure.script({
      status: 404,
      body: { error: { code: 'DeploymentNotFound', message: 'The deployment does not exist' } },
    })
    const call = chat(await model(), { messages: ask('Hi'), signal })
    await expect(call).rejects.toThrow(ModelCallError)
    await expect(call).rejects.toThrow('Azure OpenAI gpt4o-prod: the server answered HTTP 404')
  })

  it('goes to https://<instance>.openai.azure.com without an Endpoint, and refuses an instance that is no resource name', async () => {
    const { azureOpenAIApiEndpoint: _unused, ...byInstance } = credential
    const requested: string[] = []
    const recording: OutboundFetch = async (input) => {
      requested.push(String(input))
      return new Response(JSON.stringify({ error: { message: 'stop here' } }), { status: 500 })
    }
    const built = await runModelNode<ChatModel>(
      azureChatOpenAI,
      {},
      { ...byInstance, azureOpenAIApiInstanceName: 'contoso' },
      recording,
    )
    await expect(chat(built, { messages: ask('Hi'), signal })).rejects.toThrow(ModelCallError)
    expect(requested).toEqual([
      'https://contoso.openai.azure.com/openai/deployments/gpt4o-prod/chat/completions?api-version=2024-10-21',
    ])
    await expect(model({}, { ...byInstance, azureOpenAIApiInstanceName: 'evil.example/x' })).rejects.toThrow(
      'instance name is not a resource name',
    )
  })

  it('asks for a deployment when the credential names none', async () => {
    const { azureOpenAIApiDeploymentName: _unused, ...noDeployment } = credential
    await expect(model({}, noDeployment)).rejects.toThrow('the Azure OpenAI credential names no deployment')
  })
})

describe('Azure OpenAI Embeddings', () => {
  it("embeds texts with the credential's deployment", async () => {
    const embedder = await runModelNode<Embedder>(azureOpenAIEmbeddings, { batchSize: '2' }, credential, fetch)
    const before = azure.requests.length
    const vectors = await embedder.embed(['a', 'b', 'c'])
    expect(vectors).toHaveLength(3)
    expect(vectors[0]).toHaveLength(4)
    const sent = azure.requests.slice(before)
    expect(sent.map((request) => request.path)).toEqual([
      '/openai/deployments/gpt4o-prod/embeddings',
      '/openai/deployments/gpt4o-prod/embeddings',
    ])
    expect(sent.map((request) => request.body.input)).toEqual([['a', 'b'], ['c']])
    expect(sent[0]!.headers['api-key']).toBe('azure-key')
    expect(sent[0]!.query.get('api-version')).toBe('2024-10-21')
  })
})
