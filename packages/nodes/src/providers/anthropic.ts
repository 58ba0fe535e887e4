import type { OutboundFetch } from '../net/outbound-guard.js'
import { reuseProvider } from './provider-cache.js'
import type { ChatModel } from './chat-model.js'
import { lazyLanguageModel } from './lazy-model.js'
import {
  readBasePath,
  readBoolean,
  readChatSettings,
  readNumber,
  readStreaming,
  readString,
  requireCredential,
  readImageInput,
} from './node-inputs.js'
import { keySafeFetch } from './key-safe-fetch.js'

const DEFAULT_THINKING_BUDGET = 1024

/** The ChatAnthropic node's model; it calls the API through `fetch`, the run's outbound guard. */
export function anthropicChatModel(
  inputs: Record<string, unknown>,
  credential: Record<string, string> | undefined,
  fetch: OutboundFetch,
): ChatModel {
  const modelName = readString(inputs.modelName) ?? 'claude-sonnet-4-5'
  const apiKey = requireCredential(credential, 'anthropicApiKey', {
    nodeLabel: 'ChatAnthropic',
    secret: 'an Anthropic API key',
  })
  const settings = { apiKey, baseURL: readBasePath(inputs), fetch: keySafeFetch(fetch, apiKey) }
  const thinking = readBoolean(inputs.extendedThinking, false)
  const budgetTokens = readNumber(inputs.budgetTokens) ?? DEFAULT_THINKING_BUDGET
  return {
    kind: 'chatModel',
    label: `Anthropic ${modelName}`,
    model: reuseProvider('anthropic-chat', { ...settings, modelName }, () =>
      lazyLanguageModel({ provider: 'anthropic.messages', modelId: modelName }, async () => {
        const { createAnthropic } = await import('@ai-sdk/anthropic')
        return reuseProvider('anthropic', settings, () => createAnthropic(settings))(modelName)
      }),
    ),
    settings: readChatSettings(inputs, 'maxTokensToSample'),
    streaming: readStreaming(inputs),
    images: readImageInput(inputs, false),
    providerOptions: thinking ? { anthropic: { thinking: { type: 'enabled', budgetTokens } } } : undefined,
  }
}
