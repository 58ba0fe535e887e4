import type { CredentialDescriptor } from '@weft/core'

export const zepMemoryApi: CredentialDescriptor = {
  label: 'Zep Memory API',
  name: 'zepMemoryApi',
  description: 'The API key (JWT) of a Zep server that has authentication turned on.',
  inputs: [{ label: 'API Key', name: 'apiKey', type: 'password' }],
}
