import type { OutboundFetch } from '../net/outbound-guard.js'
import { isRecord, readJsonObject } from '../runtime/read-input.js'
import type { ChatModel } from './chat-model.js'
import { keySafeFetch } from './key-safe-fetch.js'
import { readChatSettings, readServerAddress, readStreaming, readString } from './node-inputs.js'
import { compatibleChatModel, type CompatibleServer } from './openai-compatible.js'

// Services that speak the OpenAI chat completions API and differ only in address, key and models:
// DeepSeek, OpenRouter, xAI, Together, Fireworks, NVIDIA NIM, Cerebras, LiteLLM, LocalAI, Perplexity.
// Where Flowise's node has an address input, the flow names the server (an API caller cannot move
// it while a credential is attached); where it has none, only the credential's Base URL can, as for
// Groq. Either way every request goes through the run's outbound guard.

export interface HostedService {
  /** The node's label, for errors: "ChatDeepseek". */
  nodeLabel: string
  /** Names the service in the model's label: "DeepSeek deepseek-chat". */
  provider: string
  /** Where requests go when nothing names another server; none when the user must name one. */
  defaultBaseURL?: string
  /** The credential field that holds the API key. */
  keyField: string
  /** Hosted services refuse to run without a key; local servers (LiteLLM, LocalAI) go without. */
  keyRequired: boolean
  /** The node input that names the server, for nodes that have one. */
  addressInput?: string
  /** The credential field that names a proxy, for nodes without an address input. */
  credentialAddressField?: string
  /** The input that holds the model: `modelName`, or Perplexity's `model`. */
  modelInput?: string
  /** The input that holds stop words: `stopSequence`, or `stop` on some nodes. */
  stopInput?: string
  defaultModel?: string
}

type Credential = Record<string, string> | undefined

/** The chat model of a node of one of these services. */
export function hostedChatModel(
  service: HostedService,
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
): ChatModel {
  const label = service.nodeLabel
  const apiKey = readString(credential?.[service.keyField])
  if (service.keyRequired && !apiKey) {
    throw new Error(`${label} needs a ${service.provider} API key: choose a credential in Connect Credential`)
  }
  const modelName = readString(inputs[service.modelInput ?? 'modelName']) ?? service.defaultModel
  if (!modelName) throw new Error(`${label} needs a Model Name: fill in the model to use`)
  const baseURL =
    (service.addressInput && readServerAddress(inputs, service.addressInput)) ||
    (service.credentialAddressField && readString(credential?.[service.credentialAddressField])) ||
    service.defaultBaseURL
  if (!baseURL)
    throw new Error(`${label} needs a Base Path: the address of the server, for example http://localhost:8080/v1`)
  const stop = readStopSequences(inputs[service.stopInput ?? 'stopSequence'])
  const server: CompatibleServer = {
    name: service.provider,
    baseURL,
    apiKey,
    headers: readHeaderOptions(inputs.baseOptions, label),
    extraBody: stop ? { stop } : undefined,
    fetch: keySafeFetch(fetch, apiKey),
  }
  return {
    kind: 'chatModel',
    label: `${service.provider} ${modelName}`,
    model: compatibleChatModel(server, modelName),
    settings: readChatSettings(inputs),
    streaming: readStreaming(inputs),
  }
}

/** Flowise's Stop Sequence input: words separated by commas. */
function readStopSequences(value: unknown): string[] | undefined {
  const words = (readString(value) ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean)
  return words.length ? words : undefined
}

/**
 * Extra headers from Base Options. Flowise's nodes of these services hand the JSON to the client as
 * its default headers, so a flat object of strings is headers; `{ "headers": … }` (our other nodes'
 * form) and `{ "defaultHeaders": … }` are read too.
 */
export function readHeaderOptions(value: unknown, nodeLabel: string): Record<string, string> | undefined {
  const options = readJsonObject(value, `${nodeLabel}: Base Options`)
  const headers = isRecord(options.headers)
    ? options.headers
    : isRecord(options.defaultHeaders)
      ? options.defaultHeaders
      : options
  const entries = Object.entries(headers).filter(
    ([, header]) => typeof header === 'string' || typeof header === 'number',
  )
  return entries.length ? Object.fromEntries(entries.map(([name, header]) => [name, String(header)])) : undefined
}
