import type { OutboundFetch } from '../net/outbound-guard.js'
import type { Embedder } from './embedder.js'
import { httpEmbedder, openAIStyleVectors } from './http-embedder.js'
import { huggingFaceModelURL } from './hugging-face-inference.js'
import { keySafeFetch } from './key-safe-fetch.js'
import { readBasePath, readServerAddress, readString, requireCredential, withoutTrailingSlash } from './node-inputs.js'
import { compatibleEmbeddingModel } from './openai-compatible.js'
import { providerEmbedder } from './provider-embedder.js'

// The embedding nodes of hosted services. LocalAI and Together speak the OpenAI embeddings API
// (through the AI SDK); Jina, Voyage and Hugging Face are called over plain HTTP. A Base URL in the
// credential (Together, Jina), Voyage's credential Endpoint or the node's Base Path / Endpoint
// names a proxy; every request goes through the run's outbound guard.

type Credential = Record<string, string> | undefined
type Inputs = Record<string, unknown>

function requireModel(inputs: Inputs, nodeLabel: string, fallback?: string): string {
  const modelName = readString(inputs.modelName) ?? fallback
  if (!modelName) throw new Error(`${nodeLabel} needs a Model Name: fill in the embedding model to use`)
  return modelName
}

/** LocalAI Embeddings: the server at the node's Base Path; the key only when the credential has one. */
export function localAIEmbedder(inputs: Inputs, credential: Credential, fetch: OutboundFetch): Embedder {
  const baseURL = readBasePath(inputs)
  if (!baseURL)
    throw new Error(
      'LocalAI Embeddings needs a Base Path: the address of the server, for example http://localhost:8080/v1',
    )
  const modelName = requireModel(inputs, 'LocalAI Embeddings')
  const apiKey = readString(credential?.localAIApiKey)
  const server = { name: 'LocalAI', baseURL, apiKey, fetch: keySafeFetch(fetch, apiKey) }
  return providerEmbedder({ label: `LocalAI ${modelName}`, model: compatibleEmbeddingModel(server, modelName) })
}

export function togetherAIEmbedder(inputs: Inputs, credential: Credential, fetch: OutboundFetch): Embedder {
  const apiKey = requireCredential(credential, 'togetherAIApiKey', {
    nodeLabel: 'TogetherAIEmbedding',
    secret: 'a TogetherAI API key',
  })
  const modelName = requireModel(inputs, 'TogetherAIEmbedding')
  const baseURL = readString(credential?.togetherAIApiBaseUrl) ?? 'https://api.together.xyz/v1'
  const server = { name: 'Together AI', baseURL, apiKey, fetch: keySafeFetch(fetch, apiKey) }
  return providerEmbedder({ label: `Together AI ${modelName}`, model: compatibleEmbeddingModel(server, modelName) })
}

export function jinaEmbedder(inputs: Inputs, credential: Credential, fetch: OutboundFetch): Embedder {
  const apiKey = requireCredential(credential, 'jinaAIAPIKey', {
    nodeLabel: 'Jina Embeddings',
    secret: 'a JinaAI API key',
  })
  const modelName = requireModel(inputs, 'Jina Embeddings', 'jina-embeddings-v2-base-en')
  const baseURL = readString(credential?.jinaAIApiBaseUrl) ?? 'https://api.jina.ai/v1'
  return httpEmbedder({
    label: `Jina ${modelName}`,
    url: `${withoutTrailingSlash(baseURL)}/embeddings`,
    apiKey,
    fetch,
    body: (texts) => ({ model: modelName, input: texts }),
    vectors: openAIStyleVectors,
  })
}

export function voyageEmbedder(inputs: Inputs, credential: Credential, fetch: OutboundFetch): Embedder {
  const apiKey = requireCredential(credential, 'apiKey', {
    nodeLabel: 'VoyageAI Embeddings',
    secret: 'a Voyage AI API key',
  })
  const modelName = requireModel(inputs, 'VoyageAI Embeddings', 'voyage-2')
  return httpEmbedder({
    label: `Voyage AI ${modelName}`,
    url: readString(credential?.endpoint) ?? 'https://api.voyageai.com/v1/embeddings',
    apiKey,
    fetch,
    body: (texts) => ({ model: modelName, input: texts }),
    vectors: openAIStyleVectors,
  })
}

const HUGGING_FACE_DEFAULT_MODEL = 'sentence-transformers/distilbert-base-nli-mean-tokens'

/**
 * HuggingFace Inference Embeddings: the node's Endpoint (an Inference Endpoint of your own) or the
 * hosted feature-extraction pipeline of the model. Line breaks become spaces, as Flowise sends them.
 */
export function huggingFaceEmbedder(inputs: Inputs, credential: Credential, fetch: OutboundFetch): Embedder {
  const apiKey = readString(credential?.huggingFaceApiKey)
  const endpoint = readServerAddress(inputs, 'endpoint')
  const modelName = readString(inputs.modelName) ?? HUGGING_FACE_DEFAULT_MODEL
  const url = endpoint ?? `${huggingFaceModelURL(modelName)}/pipeline/feature-extraction`
  return httpEmbedder({
    label: endpoint ? 'Hugging Face Inference Endpoint' : `Hugging Face ${modelName}`,
    url,
    apiKey,
    fetch,
    body: (texts) => ({ inputs: texts.map((text) => text.replace(/\n/g, ' ')) }),
    vectors: (answer) => answer,
  })
}
