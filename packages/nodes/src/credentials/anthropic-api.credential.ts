import type { CredentialDescriptor } from '@weft/core'

export const anthropicApi: CredentialDescriptor = {
  label: 'Anthropic API',
  name: 'anthropicApi',
  description: 'An API key from console.anthropic.com.',
  inputs: [{ label: 'Anthropic Api Key', name: 'anthropicApiKey', type: 'password' }],
}
