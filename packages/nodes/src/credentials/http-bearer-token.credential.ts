import type { CredentialDescriptor } from '@weft/core'

export const httpBearerToken: CredentialDescriptor = {
  label: 'HTTP Bearer Token',
  name: 'httpBearerToken',
  description: 'A token sent as an HTTP Bearer Authorization header.',
  inputs: [{ label: 'Token', name: 'token', type: 'password' }],
}
