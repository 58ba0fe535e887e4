import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock'
import { createAnthropic } from '@ai-sdk/anthropic'
import { createCohere } from '@ai-sdk/cohere'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { createGroq } from '@ai-sdk/groq'
import { createMistral } from '@ai-sdk/mistral'
import { createOpenAI } from '@ai-sdk/openai'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { LanguageModelV3, LanguageModelV3CallOptions } from '@ai-sdk/provider'
import { describe, expect, it } from 'vitest'
import { offlineLanguageModel } from './offline-model.js'
import { testFetch } from '../testing/test-fetch.js'
import { anthropicChatModel } from './anthropic.js'
import { azureChatModel } from './azure-openai.js'
import { bedrockChatModel } from './bedrock.js'
import type { ChatModel } from './chat-model.js'
import { cohereChatModel } from './cohere.js'
import { azureCompletionModel, ollamaCompletionModel, openAICompletionModel } from './completion-llms.js'
import { googleChatModel } from './google.js'
import { groqChatModel } from './groq.js'
import { lazyLanguageModel } from './lazy-model.js'
import { mistralChatModel } from './mistral.js'
import { ollamaChatModel } from './ollama.js'
import { openAIChatModel } from './openai.js'
import { openAICompatibleChatModel } from './openai-compatible.js'

const call: LanguageModelV3CallOptions = { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] }

describe('a lazily loaded model', () => {
  it('answers its name before loading, then loads once for all its calls', async () => {
    let loads = 0
    const real = offlineLanguageModel
    const model = lazyLanguageModel({ provider: real.provider, modelId: real.modelId }, async () => {
      loads += 1
      return real
    })
    expect([model.specificationVersion, model.provider, model.modelId]).toEqual(['v3', real.provider, real.modelId])
    expect(loads).toBe(0)
    expect(await model.supportedUrls).toEqual(await real.supportedUrls)
    await model.doGenerate(call)
    await model.doStream(call)
    expect(loads).toBe(1)
  })

  it('tries to load again on the next call when loading failed', async () => {
    let loads = 0
    const model = lazyLanguageModel({ provider: 'p', modelId: 'm' }, async () => {
      loads += 1
      if (loads === 1) throw new Error('not installed')
      return offlineLanguageModel
    })
    await expect(model.doGenerate(call)).rejects.toThrow('not installed')
    await expect(model.doGenerate(call)).resolves.toBeDefined()
    expect(loads).toBe(2)
  })
})

const fetch = testFetch()
const key = { apiKey: 'k' }
const azure = {
  azureOpenAIApiKey: 'k',
  azureOpenAIApiDeploymentName: 'm',
  azureOpenAIApiVersion: '2024-10-21',
  azureOpenAIApiInstanceName: 'contoso',
}
const compatible = (name: string) => createOpenAICompatible({ name, baseURL: 'http://localhost:1/v1' })
const bedrock = createAmazonBedrock({ region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b', apiKey: '' })

// Each node's model, before its SDK is loaded, against the model the SDK itself builds: the names
// must be the same, since traces and run observers read them.
const pairs: [string, ChatModel, LanguageModelV3][] = [
  ['Anthropic', anthropicChatModel({ modelName: 'm' }, { anthropicApiKey: 'k' }, fetch), createAnthropic(key)('m')],
  ['Bedrock', bedrockChatModel({ model: 'm' }, { awsKey: 'a', awsSecret: 'b' }, fetch), bedrock('m')],
  ['Cohere', cohereChatModel({ modelName: 'm' }, { cohereApiKey: 'k' }, fetch), createCohere(key)('m')],
  [
    'Google',
    googleChatModel({ modelName: 'm' }, { googleGenerativeAPIKey: 'k' }, fetch),
    createGoogleGenerativeAI(key)('m'),
  ],
  ['Groq', groqChatModel({ modelName: 'm' }, { groqApiKey: 'k' }, fetch), createGroq(key)('m')],
  [
    'Mistral',
    mistralChatModel({ modelName: 'm', randomSeed: 1 }, { mistralAIAPIKey: 'k' }, fetch),
    createMistral(key)('m'),
  ],
  ['OpenAI', openAIChatModel({ modelName: 'm' }, { openAIApiKey: 'k' }, fetch), createOpenAI(key).chat('m')],
  [
    'OpenAI LLM',
    openAICompletionModel({ modelName: 'm' }, { openAIApiKey: 'k' }, fetch),
    createOpenAI(key).completion('m'),
  ],
  ['Azure', azureChatModel({}, azure, fetch), compatible('azure-openai').chatModel('m')],
  ['Azure LLM', azureCompletionModel({}, azure, fetch), compatible('azure-openai').completionModel('m')],
  [
    'OpenAI compatible',
    openAICompatibleChatModel({ modelName: 'm', basePath: 'http://localhost:1/v1' }, undefined, fetch),
    compatible('openai-compatible').chatModel('m'),
  ],
  ['Ollama', ollamaChatModel({ modelName: 'm' }, fetch), compatible('ollama').chatModel('m')],
  ['Ollama LLM', ollamaCompletionModel({ modelName: 'm' }, fetch), compatible('ollama').completionModel('m')],
]

describe('provider models loaded on first call', () => {
  it.each(pairs)('%s answers the name of the model its SDK builds', (_label, node, real) => {
    const model = node.model as LanguageModelV3
    expect([model.specificationVersion, model.provider, model.modelId]).toEqual([
      real.specificationVersion,
      real.provider,
      real.modelId,
    ])
  })
})
