import type { OutboundFetch } from '../net/outbound-guard.js'
import { keySafeFetch } from './key-safe-fetch.js'
import { lazyLanguageModel } from './lazy-model.js'
import { reuseProvider } from './provider-cache.js'
import type { ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'
import {
  readBasePath,
  readChatSettings,
  readHeaders,
  readNumber,
  readStreaming,
  readString,
  withoutTrailingSlash,
} from './node-inputs.js'
import { providerEmbedder, readEmbedderInputs } from './provider-embedder.js'

// Any server that speaks the OpenAI chat completions API by its base URL: vLLM, LM Studio,
// llama.cpp server, LocalAI, Ollama (at <address>/v1). The API key is optional: local servers
// rarely ask for one.

export interface CompatibleServer {
  /** Names the provider in labels and errors, e.g. "Ollama". */
  name: string
  baseURL: string
  apiKey?: string
  headers?: Record<string, string>
  /** Adds fields to every chat request body, e.g. `response_format` for JSON mode. */
  extraBody?: Record<string, unknown>
  /** The run's outbound guard, through which every request to the server goes. */
  fetch: OutboundFetch
}

/** The provider's name, which its models answer as `<name>.chat`, `<name>.embedding`. */
const providerName = (server: CompatibleServer) => server.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')

/** The server's provider, built once per settings; the SDK is imported on the first call. */
async function loadCompatibleProvider(server: CompatibleServer) {
  const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible')
  const { extraBody } = server
  return reuseProvider('openai-compatible', { ...server }, () =>
    createOpenAICompatible({
      name: providerName(server),
      baseURL: withoutTrailingSlash(server.baseURL),
      apiKey: server.apiKey,
      headers: server.headers,
      includeUsage: true,
      // A server that repeats the key in an error answer cannot show it to the user.
      fetch: keySafeFetch(server.fetch, server.apiKey),
      transformRequestBody: extraBody ? (body) => ({ ...body, ...extraBody }) : undefined,
    }),
  )
}

/** The server's chat model of that name; reused like the provider (building one builds its schemas). */
export const compatibleChatModel = (server: CompatibleServer, modelName: string) =>
  reuseProvider('openai-compatible-chat', { ...server, modelName }, () =>
    lazyLanguageModel({ provider: `${providerName(server)}.chat`, modelId: modelName }, async () =>
      (await loadCompatibleProvider(server)).chatModel(modelName),
    ),
  )

/** The server's completion model (`/completions`) of that name. */
export const compatibleCompletionModel = (server: CompatibleServer, modelName: string) =>
  lazyLanguageModel({ provider: `${providerName(server)}.completion`, modelId: modelName }, async () =>
    (await loadCompatibleProvider(server)).completionModel(modelName),
  )

/** Loads the server's embedding model of that name, for `providerEmbedder`. */
export const compatibleEmbeddingModel = (server: CompatibleServer, modelName: string) => async () =>
  (await loadCompatibleProvider(server)).embeddingModel(modelName)

type Credential = Record<string, string> | undefined

function readServer(nodeLabel: string, inputs: Record<string, unknown>, credential: Credential, fetch: OutboundFetch) {
  const baseURL = readBasePath(inputs)
  if (!baseURL) {
    throw new Error(`${nodeLabel} needs a Base Path: the address of the server, for example http://localhost:8000/v1`)
  }
  const modelName = readString(inputs.modelName)
  if (!modelName) throw new Error(`${nodeLabel} needs a Model Name: choose one of the models the server lists`)
  const server: CompatibleServer = {
    name: 'OpenAI-compatible',
    baseURL,
    apiKey: readString(credential?.openAIApiKey),
    headers: readHeaders(inputs.baseOptions, nodeLabel),
    fetch,
  }
  return { server, modelName }
}

/** The ChatOpenAI Compatible node's model. */
export function openAICompatibleChatModel(
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
): ChatModel {
  const { server, modelName } = readServer('ChatOpenAI Compatible', inputs, credential, fetch)
  return {
    kind: 'chatModel',
    label: `${modelName} at ${server.baseURL}`,
    model: compatibleChatModel(server, modelName),
    settings: readChatSettings(inputs),
    streaming: readStreaming(inputs),
  }
}

/** The OpenAI Compatible Embeddings node's embedder. */
export function openAICompatibleEmbedder(
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
): Embedder {
  const { server, modelName } = readServer('OpenAI Compatible Embeddings', inputs, credential, fetch)
  const dimensions = readNumber(inputs.dimensions)
  return providerEmbedder({
    label: `${modelName} at ${server.baseURL}`,
    model: compatibleEmbeddingModel(server, modelName),
    providerOptions: dimensions ? { openaiCompatible: { dimensions } } : undefined,
    ...readEmbedderInputs(inputs),
  })
}
