import type { CredentialDescriptor } from '@weft/core'

export const chromaApi: CredentialDescriptor = {
  label: 'Chroma API',
  name: 'chromaApi',
  description: 'The API key of a Chroma server (Chroma Cloud, or a server started with token auth).',
  inputs: [
    { label: 'Chroma Api Key', name: 'chromaApiKey', type: 'password' },
    { label: 'Chroma Tenant', name: 'chromaTenant', type: 'string', optional: true },
    { label: 'Chroma Database', name: 'chromaDatabase', type: 'string', optional: true },
  ],
}
