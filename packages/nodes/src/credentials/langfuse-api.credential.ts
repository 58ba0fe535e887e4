import { LANGFUSE_DEFAULT_ENDPOINT, type CredentialDescriptor } from '@weft/core'

export const langfuseApi: CredentialDescriptor = {
  label: 'Langfuse API',
  name: 'langfuseApi',
  description: 'A Langfuse project’s key pair; flows send traces of their runs with it (Analytics).',
  inputs: [
    { label: 'Secret Key', name: 'langFuseSecretKey', type: 'password' },
    { label: 'Public Key', name: 'langFusePublicKey', type: 'string' },
    {
      label: 'Endpoint',
      name: 'langFuseEndpoint',
      type: 'string',
      optional: true,
      placeholder: LANGFUSE_DEFAULT_ENDPOINT,
      description: 'The address of your Langfuse; empty means Langfuse Cloud.',
    },
  ],
}
