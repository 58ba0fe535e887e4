import type { OutboundFetch } from '../net/outbound-guard.js'
import type { ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'
import { keySafeFetch } from './key-safe-fetch.js'
import { lazyLanguageModel } from './lazy-model.js'
import { readChatSettings, readNumber, readStreaming, readString, withoutTrailingSlash } from './node-inputs.js'
import { reuseProvider } from './provider-cache.js'
import { providerEmbedder } from './provider-embedder.js'

// Amazon Bedrock through the AI SDK's provider: the Converse API for chat, InvokeModel for Titan
// embeddings, each request signed with SigV4 and sent through the run's outbound guard. The
// address is built from a checked region (a region such as "evil.com#" would move the signed
// request elsewhere) or taken from the credential. Settings are always given, so the SDK never
// reads the server's AWS environment (keys, bearer token, endpoint).

const AWS_REGION = /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/

type Credential = Record<string, string> | undefined

function bedrockProvider(
  nodeLabel: string,
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
) {
  const region = readString(inputs.region) ?? 'us-east-1'
  if (!AWS_REGION.test(region)) throw new Error(`${nodeLabel}: "${region}" is not an AWS region, such as us-east-1`)
  const accessKeyId = readString(credential?.awsKey)
  const secretAccessKey = readString(credential?.awsSecret)
  if (!accessKeyId || !secretAccessKey) {
    throw new Error(`${nodeLabel} needs an AWS access key and secret key: choose a credential in AWS Credential`)
  }
  const sessionToken = readString(credential?.awsSession)
  const settings = {
    region,
    accessKeyId,
    secretAccessKey,
    sessionToken,
    apiKey: '',
    baseURL: withoutTrailingSlash(
      readString(credential?.bedrockEndpointUrl) ?? `https://bedrock-runtime.${region}.amazonaws.com`,
    ),
    fetch: keySafeFetch(keySafeFetch(fetch, secretAccessKey), sessionToken),
  }
  const loadProvider = async () => {
    const { createAmazonBedrock } = await import('@ai-sdk/amazon-bedrock')
    return reuseProvider('amazon-bedrock', settings, () => createAmazonBedrock(settings))
  }
  return { settings, loadProvider }
}

/** The model id: Custom Model Name when given, else the chosen Model Name. */
const modelIdOf = (inputs: Record<string, unknown>, fallback: string) =>
  readString(inputs.customModel) ?? readString(inputs.model) ?? fallback

/** The AWS ChatBedrock node's model. */
export function bedrockChatModel(
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
): ChatModel {
  const modelId = modelIdOf(inputs, 'anthropic.claude-3-haiku-20240307-v1:0')
  const { settings, loadProvider } = bedrockProvider('AWS ChatBedrock', inputs, credential, fetch)
  return {
    kind: 'chatModel',
    label: `Bedrock ${modelId}`,
    model: reuseProvider('amazon-bedrock-chat', { ...settings, modelId }, () =>
      lazyLanguageModel({ provider: 'amazon-bedrock', modelId }, async () => (await loadProvider())(modelId)),
    ),
    settings: readChatSettings(inputs, 'max_tokens_to_sample'),
    streaming: readStreaming(inputs),
  }
}

/** The AWS Bedrock Embeddings node's embedder; line breaks become spaces, as Flowise sends them. */
export function bedrockEmbedder(
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
): Embedder {
  const modelId = modelIdOf(inputs, 'amazon.titan-embed-text-v1')
  const { loadProvider } = bedrockProvider('AWS Bedrock Embeddings', inputs, credential, fetch)
  const inputType = readString(inputs.inputType)
  return providerEmbedder({
    label: `Bedrock ${modelId}`,
    model: async () => (await loadProvider()).embeddingModel(modelId),
    providerOptions: inputType ? { bedrock: { inputType } } : undefined,
    batchSize: readNumber(inputs.batchSize),
    stripNewLines: true,
  })
}
