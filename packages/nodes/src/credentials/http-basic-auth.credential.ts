import type { CredentialDescriptor } from '@weft/core'

export const httpBasicAuth: CredentialDescriptor = {
  label: 'HTTP Basic Auth',
  name: 'httpBasicAuth',
  description: 'A user name and password sent as an HTTP Basic Authorization header.',
  inputs: [
    { label: 'Basic Auth Username', name: 'basicAuthUsername', type: 'string' },
    { label: 'Basic Auth Password', name: 'basicAuthPassword', type: 'password' },
  ],
}
