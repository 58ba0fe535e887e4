import type { CredentialDescriptor } from '@weft/core'

// Flowise's mistralAIApi. The Mistral nodes have their own Override Endpoint, as in Flowise.

export const mistralAIApi: CredentialDescriptor = {
  label: 'MistralAI API',
  name: 'mistralAIApi',
  description: 'An API key from console.mistral.ai.',
  inputs: [{ label: 'MistralAI API Key', name: 'mistralAIAPIKey', type: 'password' }],
}
