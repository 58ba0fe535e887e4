import type { OutboundFetch } from '../net/outbound-guard.js'
import type { ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'
import { lazyLanguageModel } from './lazy-model.js'
import { readChatSettings, readStreaming, readString, requireCredential } from './node-inputs.js'
import { reuseProvider } from './provider-cache.js'
import { providerEmbedder, readEmbedderInputs } from './provider-embedder.js'
import { keySafeFetch } from './key-safe-fetch.js'

// Cohere's v2 API through the AI SDK's Cohere provider. Flowise's nodes have no address input, so a
// proxy is the credential's Base URL: only whoever saves the key decides where it goes.

type Credential = Record<string, string> | undefined

const COHERE_INPUT_TYPES = ['search_document', 'search_query', 'classification', 'clustering'] as const
type CohereInputType = (typeof COHERE_INPUT_TYPES)[number]

function cohereProvider(nodeLabel: string, credential: Credential, fetch: OutboundFetch) {
  const apiKey = requireCredential(credential, 'cohereApiKey', { nodeLabel, secret: 'a Cohere API key' })
  const settings = { apiKey, baseURL: readString(credential?.cohereApiBaseUrl), fetch: keySafeFetch(fetch, apiKey) }
  const loadProvider = async () => {
    const { createCohere } = await import('@ai-sdk/cohere')
    return reuseProvider('cohere', settings, () => createCohere(settings))
  }
  return { settings, loadProvider }
}

/** The ChatCohere node's model; it calls the API through `fetch`, the run's outbound guard. */
export function cohereChatModel(
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
): ChatModel {
  const modelName = readString(inputs.modelName) ?? 'command-r7b-12-2024'
  const { settings, loadProvider } = cohereProvider('ChatCohere', credential, fetch)
  return {
    kind: 'chatModel',
    label: `Cohere ${modelName}`,
    model: reuseProvider('cohere-chat', { ...settings, modelName }, () =>
      lazyLanguageModel({ provider: 'cohere.chat', modelId: modelName }, async () => (await loadProvider())(modelName)),
    ),
    settings: readChatSettings(inputs),
    streaming: readStreaming(inputs),
  }
}

/** The Cohere Embeddings node's embedder. */
export function cohereEmbedder(
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
): Embedder {
  const modelName = readString(inputs.modelName) ?? 'embed-english-v3.0'
  const inputType = readString(inputs.inputType)
  const { loadProvider } = cohereProvider('Cohere Embeddings', credential, fetch)
  return providerEmbedder({
    label: `Cohere ${modelName}`,
    model: async () => (await loadProvider()).embedding(modelName),
    providerOptions: COHERE_INPUT_TYPES.includes(inputType as CohereInputType) ? { cohere: { inputType } } : undefined,
    ...readEmbedderInputs(inputs),
  })
}
