import type { OutboundFetch } from '../net/outbound-guard.js'
import type { ChatModel } from './chat-model.js'
import { lazyLanguageModel } from './lazy-model.js'
import { readChatSettings, readStreaming, readString, requireCredential } from './node-inputs.js'
import { reuseProvider } from './provider-cache.js'
import { keySafeFetch } from './key-safe-fetch.js'

// Groq through the AI SDK's Groq provider. Flowise's node has no address input, so a proxy is the
// credential's Base URL: only whoever saves the key decides where it goes.

/** The GroqChat node's model; it calls the API through `fetch`, the run's outbound guard. */
export function groqChatModel(
  inputs: Record<string, unknown>,
  credential: Record<string, string> | undefined,
  fetch: OutboundFetch,
): ChatModel {
  const modelName = readString(inputs.modelName) ?? 'llama-3.3-70b-versatile'
  const apiKey = requireCredential(credential, 'groqApiKey', { nodeLabel: 'GroqChat', secret: 'a Groq API key' })
  const settings = { apiKey, baseURL: readString(credential?.groqApiBaseUrl), fetch: keySafeFetch(fetch, apiKey) }
  return {
    kind: 'chatModel',
    label: `Groq ${modelName}`,
    model: reuseProvider('groq-chat', { ...settings, modelName }, () =>
      lazyLanguageModel({ provider: 'groq.chat', modelId: modelName }, async () => {
        const { createGroq } = await import('@ai-sdk/groq')
        return reuseProvider('groq', settings, () => createGroq(settings))(modelName)
      }),
    ),
    settings: readChatSettings(inputs),
    streaming: readStreaming(inputs),
  }
}
