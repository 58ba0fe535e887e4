import type { CredentialDescriptor } from '@weft/core'

export const openAIApi: CredentialDescriptor = {
  label: 'OpenAI API',
  name: 'openAIApi',
  description: 'An API key from platform.openai.com, or from a server that accepts OpenAI keys.',
  inputs: [{ label: 'OpenAI Api Key', name: 'openAIApiKey', type: 'password' }],
}
