import type { CredentialDescriptor } from '@weft/core'

// Flowise's cohereApi, plus a Base URL kept with the key: Flowise's Cohere nodes have no address
// input, so a proxy or a private deployment is named here, by whoever saves the key.

export const cohereApi: CredentialDescriptor = {
  label: 'Cohere API',
  name: 'cohereApi',
  description: 'An API key from dashboard.cohere.com.',
  inputs: [
    { label: 'Cohere Api Key', name: 'cohereApiKey', type: 'password' },
    {
      label: 'Base URL',
      name: 'cohereApiBaseUrl',
      type: 'string',
      optional: true,
      placeholder: 'https://api.cohere.com/v2',
      description: 'A proxy or private deployment that speaks the Cohere v2 API; empty means Cohere.',
    },
  ],
}
