import { PHOENIX_DEFAULT_ENDPOINT, type CredentialDescriptor } from '@weft/core'

export const arizePhoenixApi: CredentialDescriptor = {
  label: 'Arize Phoenix API',
  name: 'arizePhoenixApi',
  description: 'A Phoenix API key; flows send traces of their runs with it (Analytics).',
  inputs: [
    { label: 'API Key', name: 'arizePhoenixApiKey', type: 'password', optional: true },
    {
      label: 'Endpoint',
      name: 'arizePhoenixEndpoint',
      type: 'string',
      optional: true,
      placeholder: PHOENIX_DEFAULT_ENDPOINT,
      description: 'The address of your Phoenix server or Phoenix Cloud space; empty means Phoenix Cloud.',
    },
  ],
}
