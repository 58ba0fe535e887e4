import type { OutboundFetch } from '../net/outbound-guard.js'
import type { ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'
import { lazyLanguageModel } from './lazy-model.js'
import {
  readBasePath,
  readChatSettings,
  readHeaders,
  readNumber,
  readStreaming,
  readString,
  requireCredential,
  readImageInput,
} from './node-inputs.js'
import { reuseProvider } from './provider-cache.js'
import { providerEmbedder, readEmbedderInputs } from './provider-embedder.js'
import { keySafeFetch } from './key-safe-fetch.js'

// OpenAI through the AI SDK. `.chat()` speaks the chat completions API, which OpenAI-compatible
// proxies set as Base Path also speak (the newer responses API they often do not).

type Credential = Record<string, string> | undefined

function providerSettings(
  nodeLabel: string,
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
) {
  const apiKey = requireCredential(credential, 'openAIApiKey', { nodeLabel, secret: 'an OpenAI API key' })
  return {
    apiKey,
    // The node's Base Path, else the one saved with the key (so nodes without one, such as the
    // LlamaIndex variants, reach the same proxy).
    baseURL: readBasePath(inputs) ?? readString(credential?.openAIApiBasePath),
    headers: readHeaders(inputs.baseOptions, nodeLabel),
    // A server that repeats the key in an error answer must not put it in front of the user.
    fetch: keySafeFetch(fetch, apiKey),
  }
}

/** The node's settings, and the provider built on them once its SDK is loaded (on the first call). */
export function openAIProvider(
  nodeLabel: string,
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
) {
  const settings = providerSettings(nodeLabel, inputs, credential, fetch)
  const loadProvider = async () => {
    const { createOpenAI } = await import('@ai-sdk/openai')
    return reuseProvider('openai', settings, () => createOpenAI(settings))
  }
  return { settings, loadProvider }
}

/** The ChatOpenAI node's model; it calls the API through `fetch`, the run's outbound guard. */
export function openAIChatModel(
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
): ChatModel {
  const modelName = readString(inputs.modelName) ?? 'gpt-4o-mini'
  const { settings, loadProvider } = openAIProvider('ChatOpenAI', inputs, credential, fetch)
  return {
    kind: 'chatModel',
    label: `OpenAI ${modelName}`,
    model: reuseProvider('openai-chat', { ...settings, modelName }, () =>
      lazyLanguageModel({ provider: 'openai.chat', modelId: modelName }, async () =>
        (await loadProvider()).chat(modelName),
      ),
    ),
    settings: readChatSettings(inputs),
    streaming: readStreaming(inputs),
    images: readImageInput(inputs, true),
  }
}

/** The OpenAI Embeddings node's embedder. */
export function openAIEmbedder(
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
): Embedder {
  const modelName = readString(inputs.modelName) ?? 'text-embedding-3-small'
  const dimensions = readNumber(inputs.dimensions)
  const { loadProvider } = openAIProvider('OpenAI Embeddings', inputs, credential, fetch)
  return providerEmbedder({
    label: `OpenAI ${modelName}`,
    model: async () => (await loadProvider()).embedding(modelName),
    providerOptions: dimensions ? { openai: { dimensions } } : undefined,
    ...readEmbedderInputs(inputs),
  })
}
