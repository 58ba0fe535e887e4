import type { OutboundFetch } from '../net/outbound-guard.js'
import { OLLAMA_DEFAULT_URL } from '../shared/server-models.js'
import type { ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'
import {
  readBoolean,
  readChatSettings,
  readServerAddress,
  readStreaming,
  readString,
  withoutTrailingSlash,
  readImageInput,
} from './node-inputs.js'
import { compatibleChatModel, compatibleEmbeddingModel, type CompatibleServer } from './openai-compatible.js'
import { providerEmbedder } from './provider-embedder.js'

// Ollama through its OpenAI-compatible endpoint (<Base URL>/v1). That endpoint reads neither
// keep_alive nor num_ctx, so the Keep Alive and Context Window Size inputs have no effect here;
// JSON Mode becomes response_format, which it reads.

export function ollamaServer(
  inputs: Record<string, unknown>,
  fetch: OutboundFetch,
  extraBody?: Record<string, unknown>,
): CompatibleServer {
  const address = withoutTrailingSlash(readServerAddress(inputs, 'baseUrl') ?? OLLAMA_DEFAULT_URL)
  return { name: 'Ollama', baseURL: `${address}/v1`, extraBody, fetch }
}

/** The ChatOllama node's model; an Ollama on the same machine must be allowed by the administrator. */
export function ollamaChatModel(inputs: Record<string, unknown>, fetch: OutboundFetch): ChatModel {
  const modelName = readString(inputs.modelName) ?? 'llama3.2'
  const jsonMode = readBoolean(inputs.jsonMode, false)
  const server = ollamaServer(inputs, fetch, jsonMode ? { response_format: { type: 'json_object' } } : undefined)
  return {
    kind: 'chatModel',
    label: `Ollama ${modelName}`,
    model: compatibleChatModel(server, modelName),
    settings: readChatSettings(inputs),
    streaming: readStreaming(inputs),
    images: readImageInput(inputs, false),
  }
}

/** The Ollama Embeddings node's embedder. */
export function ollamaEmbedder(inputs: Record<string, unknown>, fetch: OutboundFetch): Embedder {
  const modelName = readString(inputs.modelName) ?? 'nomic-embed-text'
  return providerEmbedder({
    label: `Ollama ${modelName}`,
    model: compatibleEmbeddingModel(ollamaServer(inputs, fetch), modelName),
  })
}
