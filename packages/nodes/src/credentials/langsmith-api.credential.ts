import { LANGSMITH_DEFAULT_ENDPOINT, type CredentialDescriptor } from '@weft/core'

export const langsmithApi: CredentialDescriptor = {
  label: 'LangSmith API',
  name: 'langsmithApi',
  description: 'An API key from smith.langchain.com; flows send traces of their runs with it (Analytics).',
  inputs: [
    { label: 'API Key', name: 'langSmithApiKey', type: 'password' },
    {
      label: 'Endpoint',
      name: 'langSmithEndpoint',
      type: 'string',
      optional: true,
      placeholder: LANGSMITH_DEFAULT_ENDPOINT,
      description: 'Only for a self-hosted LangSmith or another region; empty means LangSmith’s cloud.',
    },
  ],
}
