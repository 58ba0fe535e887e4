import type { CredentialDescriptor } from '@weft/core'

export const openAIApi: CredentialDescriptor = {
  label: 'OpenAI API',
  name: 'openAIApi',
  description: 'An API key from platform.openai.com, or from a server that accepts OpenAI keys.',
  inputs: [
    { label: 'OpenAI Api Key', name: 'openAIApiKey', type: 'password' },
    {
      // Kept with the key, so only whoever saves the key decides where it is sent (never an assistant's form or a chat).
      label: 'Base Path',
      name: 'openAIApiBasePath',
      type: 'string',
      optional: true,
      placeholder: 'https://api.openai.com/v1',
      description:
        'Where requests with this key go (assistants, moderation, and chat models or embeddings without a Base Path of their own); empty means api.openai.com.',
    },
  ],
}
