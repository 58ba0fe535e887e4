import type { OutboundFetch } from '../net/outbound-guard.js'
import { assistantsEndpoint } from '../assistants/provider/assistants-endpoint.js'
import type { ChatModel } from './chat-model.js'
import type { Embedder } from './embedder.js'
import { lazyLanguageModel } from './lazy-model.js'
import { readChatSettings, readNumber, readStreaming, readString, readImageInput } from './node-inputs.js'
import { reuseProvider } from './provider-cache.js'
import { providerEmbedder, readEmbedderInputs } from './provider-embedder.js'
import { keySafeFetch } from './key-safe-fetch.js'

// Azure OpenAI speaks the chat completions and embeddings API under
// `<endpoint>/openai/deployments/<deployment>`, signed with an `api-key` header and an `api-version`
// query. The address comes from the credential alone (Instance Name or Endpoint), read by the same
// code as the Azure assistants, so a flow's inputs never move the key to another host.

type Credential = Record<string, string> | undefined

export function azureServer(nodeLabel: string, credential: Credential, fetch: OutboundFetch) {
  const deployment = readString(credential?.azureOpenAIApiDeploymentName)
  if (!deployment) {
    throw new Error(`${nodeLabel}: the Azure OpenAI credential names no deployment: fill in its Deployment Name`)
  }
  const endpoint = assistantsEndpoint('AZURE', credential)
  const url = endpoint.url(`/deployments/${encodeURIComponent(deployment)}`)
  const settings = {
    name: 'azure-openai',
    baseURL: `${url.origin}${url.pathname}`,
    headers: endpoint.headers,
    queryParams: Object.fromEntries(url.searchParams),
    includeUsage: true,
    fetch: keySafeFetch(fetch, readString(credential?.azureOpenAIApiKey)),
  }
  const loadProvider = async () => {
    const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible')
    return reuseProvider('azure-openai', settings, () => createOpenAICompatible(settings))
  }
  return { settings, deployment, loadProvider }
}

/** The Azure ChatOpenAI node's model: the credential's deployment, through the run's outbound guard. */
export function azureChatModel(
  inputs: Record<string, unknown>,
  credential: Credential,
  fetch: OutboundFetch,
): ChatModel {
  const { settings, deployment, loadProvider } = azureServer('Azure ChatOpenAI', credential, fetch)
  // Azure picks the model by deployment; Model Name is only sent along, as Flowise does.
  const modelName = readString(inputs.modelName) ?? deployment
  return {
    kind: 'chatModel',
    label: `Azure OpenAI ${deployment}`,
    model: reuseProvider('azure-openai-chat', { ...settings, modelName }, () =>
      lazyLanguageModel({ provider: `${settings.name}.chat`, modelId: modelName }, async () =>
        (await loadProvider()).chatModel(modelName),
      ),
    ),
    settings: readChatSettings(inputs),
    streaming: readStreaming(inputs),
    images: readImageInput(inputs, true),
  }
}

/** The Azure OpenAI Embeddings node's embedder. */
export function azureEmbedder(inputs: Record<string, unknown>, credential: Credential, fetch: OutboundFetch): Embedder {
  const { deployment, loadProvider } = azureServer('Azure OpenAI Embeddings', credential, fetch)
  const dimensions = readNumber(inputs.dimensions)
  return providerEmbedder({
    label: `Azure OpenAI ${deployment}`,
    model: async () => (await loadProvider()).embeddingModel(readString(inputs.modelName) ?? deployment),
    providerOptions: dimensions ? { openaiCompatible: { dimensions } } : undefined,
    ...readEmbedderInputs(inputs),
  })
}
