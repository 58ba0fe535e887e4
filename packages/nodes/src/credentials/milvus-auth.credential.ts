import type { CredentialDescriptor } from '@weft/core'

export const milvusAuth: CredentialDescriptor = {
  label: 'Milvus Auth',
  name: 'milvusAuth',
  description:
    'The user and password of a Milvus server; for Zilliz Cloud, leave the user empty and put the API key as the password.',
  inputs: [
    { label: 'Milvus User', name: 'milvusUser', type: 'string', optional: true },
    { label: 'Milvus Password', name: 'milvusPassword', type: 'password' },
  ],
}
