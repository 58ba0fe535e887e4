import type { OutboundFetch } from '../net/outbound-guard.js'
import type { ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'
import { lazyLanguageModel } from './lazy-model.js'
import {
  readChatSettings,
  readServerAddress,
  readStreaming,
  readString,
  requireCredential,
  withoutTrailingSlash,
  readImageInput,
} from './node-inputs.js'
import { reuseProvider } from './provider-cache.js'
import { providerEmbedder, readEmbedderInputs } from './provider-embedder.js'
import { keySafeFetch } from './key-safe-fetch.js'

// Gemini through the AI SDK's Google Generative AI provider (generateContent, batchEmbedContents).

type Credential = Record<string, string> | undefined

/** A multiOptions value: an array, or the JSON text of one as the canvas may save it. */
function readList(value: unknown): string[] {
  let list = value
  if (typeof value === 'string') {
    if (value.trim() === '') return []
    try {
      list = JSON.parse(value)
    } catch {
      list = [value]
    }
  }
  return Array.isArray(list) ? list.map(String) : []
}

/**
 * Flowise's Base URL is the host alone (`https://generativelanguage.googleapis.com`), the AI SDK's
 * includes the API version; a proxy address that names no version gets `/v1beta`.
 */
export const withGeminiVersion = (address: string): string => {
  const base = withoutTrailingSlash(address)
  return /\/v1(alpha|beta)?$/.test(base) ? base : `${base}/v1beta`
}

function googleProvider(
  nodeLabel: string,
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
) {
  const apiKey = requireCredential(credential, 'googleGenerativeAPIKey', { nodeLabel, secret: 'a Google AI API key' })
  const address = readServerAddress(inputs, 'baseUrl') ?? readString(credential?.googleGenerativeAPIBaseUrl)
  const settings = {
    apiKey,
    baseURL: address ? withGeminiVersion(address) : undefined,
    fetch: keySafeFetch(fetch, apiKey),
  }
  const loadProvider = async () => {
    const { createGoogleGenerativeAI } = await import('@ai-sdk/google')
    return reuseProvider('google', settings, () => createGoogleGenerativeAI(settings))
  }
  return { settings, loadProvider }
}

/** Harm Category and Harm Block Threshold, paired in order as Flowise pairs them. */
function readSafetySettings(inputs: Record<string, unknown>) {
  const categories = readList(inputs.harmCategory)
  const thresholds = readList(inputs.harmBlockThreshold)
  if (categories.length !== thresholds.length) {
    throw new Error('ChatGoogleGenerativeAI: Harm Category and Harm Block Threshold need as many choices each')
  }
  return categories.map((category, index) => ({ category, threshold: thresholds[index] }))
}

/** The ChatGoogleGenerativeAI node's model; it calls the API through `fetch`, the run's outbound guard. */
export function googleChatModel(
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
): ChatModel {
  const modelName = readString(inputs.customModelName) ?? readString(inputs.modelName) ?? 'gemini-2.5-flash'
  const { settings, loadProvider } = googleProvider('ChatGoogleGenerativeAI', inputs, credential, fetch)
  const safetySettings = readSafetySettings(inputs)
  return {
    kind: 'chatModel',
    label: `Google ${modelName}`,
    model: reuseProvider('google-chat', { ...settings, modelName }, () =>
      lazyLanguageModel({ provider: 'google.generative-ai', modelId: modelName }, async () =>
        (await loadProvider())(modelName),
      ),
    ),
    settings: readChatSettings(inputs, 'maxOutputTokens'),
    streaming: readStreaming(inputs),
    images: readImageInput(inputs, false),
    providerOptions: safetySettings.length > 0 ? { google: { safetySettings } } : undefined,
  }
}

/** The GoogleGenerativeAI Embeddings node's embedder. */
export function googleEmbedder(
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
): Embedder {
  const modelName = readString(inputs.modelName) ?? 'gemini-embedding-001'
  const taskType = readString(inputs.tasktype)
  const { loadProvider } = googleProvider('GoogleGenerativeAI Embeddings', inputs, credential, fetch)
  return providerEmbedder({
    label: `Google ${modelName}`,
    model: async () => (await loadProvider()).embedding(modelName),
    providerOptions: taskType && taskType !== 'TASK_TYPE_UNSPECIFIED' ? { google: { taskType } } : undefined,
    ...readEmbedderInputs(inputs),
  })
}
