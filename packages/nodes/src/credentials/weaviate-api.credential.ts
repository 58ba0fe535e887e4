import type { CredentialDescriptor } from '@weft/core'

export const weaviateApi: CredentialDescriptor = {
  label: 'Weaviate API',
  name: 'weaviateApi',
  description: 'The API key of a Weaviate server (Weaviate Cloud, or a server with API key authentication).',
  inputs: [{ label: 'Weaviate API Key', name: 'weaviateApiKey', type: 'password' }],
}
