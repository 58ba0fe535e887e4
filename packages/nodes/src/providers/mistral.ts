import { wrapLanguageModel } from 'ai'
import type { OutboundFetch } from '../net/outbound-guard.js'
import type { ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'
import { lazyLanguageModel } from './lazy-model.js'
import {
  readBoolean,
  readChatSettings,
  readNumber,
  readServerAddress,
  readStreaming,
  readString,
  requireCredential,
  withoutTrailingSlash,
} from './node-inputs.js'
import { reuseProvider } from './provider-cache.js'
import { providerEmbedder, readEmbedderInputs } from './provider-embedder.js'
import { keySafeFetch } from './key-safe-fetch.js'

// Mistral through the AI SDK's Mistral provider (chat completions and embeddings).

type Credential = Record<string, string> | undefined

/** Flowise's Override Endpoint is the host (`https://api.mistral.ai`); the AI SDK wants `…/v1`. */
export const withMistralVersion = (address: string): string => {
  const base = withoutTrailingSlash(address)
  return /\/v1$/.test(base) ? base : `${base}/v1`
}

function mistralProvider(
  nodeLabel: string,
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
) {
  const apiKey = requireCredential(credential, 'mistralAIAPIKey', { nodeLabel, secret: 'a MistralAI API key' })
  const address = readServerAddress(inputs, 'overrideEndpoint')
  const settings = {
    apiKey,
    baseURL: address ? withMistralVersion(address) : undefined,
    fetch: keySafeFetch(fetch, apiKey),
  }
  const loadProvider = async () => {
    const { createMistral } = await import('@ai-sdk/mistral')
    return reuseProvider('mistral', settings, () => createMistral(settings))
  }
  return { settings, loadProvider }
}

/** The ChatMistralAI node's model; it calls the API through `fetch`, the run's outbound guard. */
export function mistralChatModel(
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
): ChatModel {
  const modelName = readString(inputs.modelName) ?? 'mistral-small-latest'
  const { settings, loadProvider } = mistralProvider('ChatMistralAI', inputs, credential, fetch)
  const seed = readNumber(inputs.randomSeed)
  const model = reuseProvider('mistral-chat', { ...settings, modelName, seed }, () =>
    lazyLanguageModel({ provider: 'mistral.chat', modelId: modelName }, async () => {
      const chat = (await loadProvider())(modelName)
      // The shared chat settings carry no seed; Random Seed rides on the model instead.
      return seed === undefined
        ? chat
        : wrapLanguageModel({
            model: chat,
            middleware: { specificationVersion: 'v3', transformParams: async ({ params }) => ({ ...params, seed }) },
          })
    }),
  )
  return {
    kind: 'chatModel',
    label: `Mistral ${modelName}`,
    model,
    settings: readChatSettings(inputs, 'maxOutputTokens'),
    streaming: readStreaming(inputs),
    providerOptions: readBoolean(inputs.safeMode, false) ? { mistral: { safePrompt: true } } : undefined,
  }
}

/** The MistralAI Embeddings node's embedder. */
export function mistralEmbedder(
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
): Embedder {
  const modelName = readString(inputs.modelName) ?? 'mistral-embed'
  const { loadProvider } = mistralProvider('MistralAI Embeddings', inputs, credential, fetch)
  return providerEmbedder({
    label: `Mistral ${modelName}`,
    model: async () => (await loadProvider()).embedding(modelName),
    ...readEmbedderInputs(inputs),
  })
}
