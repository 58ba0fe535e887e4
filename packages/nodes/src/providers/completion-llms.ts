import type { OutboundFetch } from '../net/outbound-guard.js'
import { azureServer } from './azure-openai.js'
import type { ChatModel } from './chat-model.js'
import { keySafeFetch } from './key-safe-fetch.js'
import { readChatSettings, readStreaming, readString } from './node-inputs.js'
import { ollamaServer } from './ollama.js'
import { openAIProvider } from './openai.js'
import { lazyLanguageModel } from './lazy-model.js'
import { compatibleCompletionModel } from './openai-compatible.js'
import { reuseProvider } from './provider-cache.js'

// The LLM (text completion) nodes of OpenAI, Azure OpenAI and Ollama: the AI SDK's completion models,
// which write the conversation out as one prompt and call the `/completions` endpoint, not chat.
// They are built on the same settings (address, key, outbound guard) as the chat model nodes; an
// error answer that repeats the key loses it before the SDK reads it.

type Credential = Record<string, string> | undefined
type Inputs = Record<string, unknown>

function completionModel(label: string, inputs: Inputs, model: ChatModel['model']): ChatModel {
  return { kind: 'chatModel', label, model, settings: readChatSettings(inputs), streaming: readStreaming(inputs) }
}

/** The OpenAI (LLM) node: `<Base Path>/completions` with the credential's key. */
export function openAICompletionModel(inputs: Inputs, credential: Credential, fetch: OutboundFetch): ChatModel {
  const modelName = readString(inputs.modelName) ?? 'gpt-3.5-turbo-instruct'
  const { settings, loadProvider } = openAIProvider(
    'OpenAI',
    inputs,
    credential,
    keySafeFetch(fetch, credential?.openAIApiKey),
  )
  return completionModel(
    `OpenAI ${modelName}`,
    inputs,
    reuseProvider('openai-completion', { ...settings, modelName }, () =>
      lazyLanguageModel({ provider: 'openai.completion', modelId: modelName }, async () =>
        (await loadProvider()).completion(modelName),
      ),
    ),
  )
}

/** The Azure OpenAI (LLM) node: the credential's deployment, `…/deployments/<name>/completions`. */
export function azureCompletionModel(inputs: Inputs, credential: Credential, fetch: OutboundFetch): ChatModel {
  const { settings, deployment, loadProvider } = azureServer(
    'Azure OpenAI',
    credential,
    keySafeFetch(fetch, credential?.azureOpenAIApiKey),
  )
  const modelName = readString(inputs.modelName) ?? deployment
  const model = lazyLanguageModel({ provider: `${settings.name}.completion`, modelId: modelName }, async () =>
    (await loadProvider()).completionModel(modelName),
  )
  return completionModel(`Azure OpenAI ${deployment}`, inputs, model)
}

/** The Ollama (LLM) node: `<Base URL>/v1/completions`; Stop Sequence is sent, Ollama's tuning inputs are not read by that endpoint. */
export function ollamaCompletionModel(inputs: Inputs, fetch: OutboundFetch): ChatModel {
  const modelName = readString(inputs.modelName)
  if (!modelName)
    throw new Error('Ollama needs a Model Name: one of the models pulled into the server, such as llama3.2')
  const stop = (readString(inputs.stop) ?? '').split(',').filter((word) => word.trim() !== '')
  const server = ollamaServer(inputs, fetch, stop.length ? { stop } : undefined)
  return completionModel(`Ollama ${modelName}`, inputs, compatibleCompletionModel(server, modelName))
}
