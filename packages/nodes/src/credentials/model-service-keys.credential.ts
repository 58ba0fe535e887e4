import type { CredentialDescriptor, InputParam } from '@weft/core'

// Flowise's API-key credentials of hosted model services, with Flowise's names and field names.
// Where Flowise's node has no address input, the credential also keeps an optional Base URL: a
// proxy or a self-hosted stand-in is named there, by whoever saves the key, never by a flow.

interface KeyCredential {
  label: string
  name: string
  description: string
  keyLabel: string
  keyField: string
  /** Field name and default address of the optional proxy Base URL. */
  baseUrl?: { field: string; placeholder: string }
}

function keyCredential(spec: KeyCredential): CredentialDescriptor {
  const inputs: InputParam[] = [{ label: spec.keyLabel, name: spec.keyField, type: 'password' }]
  if (spec.baseUrl) {
    inputs.push({
      label: 'Base URL',
      name: spec.baseUrl.field,
      type: 'string',
      optional: true,
      placeholder: spec.baseUrl.placeholder,
      description: 'A proxy or self-hosted server that speaks the same API; empty means the service itself.',
    })
  }
  return { label: spec.label, name: spec.name, description: spec.description, inputs }
}

export const deepseekApi = keyCredential({
  label: 'DeepseekAI API',
  name: 'deepseekApi',
  description: 'An API key from platform.deepseek.com.',
  keyLabel: 'DeepseekAI API Key',
  keyField: 'deepseekApiKey',
  baseUrl: { field: 'deepseekApiBaseUrl', placeholder: 'https://api.deepseek.com' },
})

export const openRouterApi = keyCredential({
  label: 'OpenRouter API',
  name: 'openRouterApi',
  description: 'An API key from openrouter.ai.',
  keyLabel: 'OpenRouter API Key',
  keyField: 'openRouterApiKey',
})

export const xaiApi = keyCredential({
  label: 'Xai API',
  name: 'xaiApi',
  description: 'An API key from console.x.ai.',
  keyLabel: 'X AI API Key',
  keyField: 'xaiApiKey',
  baseUrl: { field: 'xaiApiBaseUrl', placeholder: 'https://api.x.ai/v1' },
})

export const togetherAIApi = keyCredential({
  label: 'TogetherAI API',
  name: 'togetherAIApi',
  description: 'An API key from api.together.ai.',
  keyLabel: 'TogetherAI Api Key',
  keyField: 'togetherAIApiKey',
  baseUrl: { field: 'togetherAIApiBaseUrl', placeholder: 'https://api.together.xyz/v1' },
})

export const fireworksApi = keyCredential({
  label: 'Fireworks API',
  name: 'fireworksApi',
  description: 'An API key from fireworks.ai.',
  keyLabel: 'Fireworks Api Key',
  keyField: 'fireworksApiKey',
  baseUrl: { field: 'fireworksApiBaseUrl', placeholder: 'https://api.fireworks.ai/inference/v1' },
})

export const nvidiaNIMApi = keyCredential({
  label: 'NVIDIA NGC API Key',
  name: 'nvidiaNIMApi',
  description: 'An NGC API key from build.nvidia.com, for NVIDIA-hosted NIM endpoints.',
  keyLabel: 'NVIDIA NGC API Key',
  keyField: 'nvidiaNIMApiKey',
})

export const cerebrasAIApi = keyCredential({
  label: 'Cerebras API Key',
  name: 'cerebrasAIApi',
  description: 'An API key from cloud.cerebras.ai (it starts with csk-).',
  keyLabel: 'Cerebras API Key',
  keyField: 'cerebrasApiKey',
})

export const litellmApi = keyCredential({
  label: 'Litellm API',
  name: 'litellmApi',
  description: 'A key of your LiteLLM proxy, when it asks for one.',
  keyLabel: 'API Key',
  keyField: 'litellmApiKey',
})

export const localAIApi = keyCredential({
  label: 'LocalAI API',
  name: 'localAIApi',
  description: 'The key of your LocalAI server, when it asks for one.',
  keyLabel: 'LocalAI Api Key',
  keyField: 'localAIApiKey',
})

export const perplexityApi = keyCredential({
  label: 'Perplexity API',
  name: 'perplexityApi',
  description: 'An API key from perplexity.ai/settings/api.',
  keyLabel: 'Perplexity API Key',
  keyField: 'perplexityApiKey',
  baseUrl: { field: 'perplexityApiBaseUrl', placeholder: 'https://api.perplexity.ai' },
})

export const jinaAIApi = keyCredential({
  label: 'JinaAI API',
  name: 'jinaAIApi',
  description: 'An API key from jina.ai.',
  keyLabel: 'JinaAI API Key',
  keyField: 'jinaAIAPIKey',
  baseUrl: { field: 'jinaAIApiBaseUrl', placeholder: 'https://api.jina.ai/v1' },
})

export const huggingFaceApi = keyCredential({
  label: 'HuggingFace API',
  name: 'huggingFaceApi',
  description: 'An access token from huggingface.co/settings/tokens.',
  keyLabel: 'HuggingFace Api Key',
  keyField: 'huggingFaceApiKey',
})

export const replicateApi = keyCredential({
  label: 'Replicate API',
  name: 'replicateApi',
  description: 'An API token from replicate.com/account/api-tokens.',
  keyLabel: 'Replicate Api Key',
  keyField: 'replicateApiKey',
  baseUrl: { field: 'replicateApiBaseUrl', placeholder: 'https://api.replicate.com/v1' },
})

// Voyage's credential names its whole embeddings address (Endpoint), as Flowise's does.
export const voyageAIApi: CredentialDescriptor = {
  label: 'Voyage AI API',
  name: 'voyageAIApi',
  description: 'An API key from dash.voyageai.com.',
  inputs: [
    {
      label: 'Voyage AI Endpoint',
      name: 'endpoint',
      type: 'string',
      default: 'https://api.voyageai.com/v1/embeddings',
      optional: true,
    },
    { label: 'Voyage AI API Key', name: 'apiKey', type: 'password' },
  ],
}
