import type { CredentialDescriptor } from '@weft/core'

// No address field: the token goes to the instance API the Github node names, an input that a
// caller's overrideConfig cannot change while the node uses this credential.
export const githubApi: CredentialDescriptor = {
  label: 'Github API',
  name: 'githubApi',
  description:
    'A GitHub personal access token (Settings → Developer settings → Personal access tokens) that can read the repositories to load.',
  inputs: [{ label: 'Access Token', name: 'accessToken', type: 'password', placeholder: '<GITHUB_ACCESS_TOKEN>' }],
}
