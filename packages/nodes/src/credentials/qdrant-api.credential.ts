import type { CredentialDescriptor } from '@weft/core'

export const qdrantApi: CredentialDescriptor = {
  label: 'Qdrant API',
  name: 'qdrantApi',
  description: 'The API key of a Qdrant server (Qdrant Cloud, or a server started with an api key).',
  inputs: [{ label: 'Qdrant API Key', name: 'qdrantApiKey', type: 'password' }],
}
