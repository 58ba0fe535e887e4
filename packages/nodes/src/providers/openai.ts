import { createOpenAI } from '@ai-sdk/openai'
import type { OutboundFetch } from '../net/outbound-guard.js'
import type { ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'
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

export function openAIProvider(
  nodeLabel: string,
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
) {
  const settings = providerSettings(nodeLabel, inputs, credential, fetch)
  return reuseProvider('openai', settings, () => createOpenAI(settings))
}

/** The ChatOpenAI node's model; it calls the API through `fetch`, the run's outbound guard. */
export function openAIChatModel(
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
): ChatModel {
  const modelName = readString(inputs.modelName) ?? 'gpt-4o-mini'
  const settings = providerSettings('ChatOpenAI', inputs, credential, fetch)
  return {
    kind: 'chatModel',
    label: `OpenAI ${modelName}`,
    model: reuseProvider('openai-chat', { ...settings, modelName }, () =>
      openAIProvider('ChatOpenAI', inputs, credential, fetch).chat(modelName),
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
  return providerEmbedder({
    label: `OpenAI ${modelName}`,
    model: openAIProvider('OpenAI Embeddings', inputs, credential, fetch).embedding(modelName),
    providerOptions: dimensions ? { openai: { dimensions } } : undefined,
    ...readEmbedderInputs(inputs),
  })
}
