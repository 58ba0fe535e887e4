import type { CredentialDescriptor } from '@weft/core'

export const pineconeApi: CredentialDescriptor = {
  label: 'Pinecone API',
  name: 'pineconeApi',
  description: 'The API key of a Pinecone project.',
  inputs: [
    { label: 'Pinecone Api Key', name: 'pineconeApiKey', type: 'password' },
    {
      label: 'Pinecone Environment',
      name: 'pineconeEnv',
      type: 'string',
      description: 'Kept for credentials made for older Pinecone projects; Pinecone finds the index by its name.',
      optional: true,
    },
  ],
}
