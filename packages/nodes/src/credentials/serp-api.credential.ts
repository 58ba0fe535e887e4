import type { CredentialDescriptor } from '@weft/core'
import { searchBaseUrlField } from './search-base-url.js'

export const serpApi: CredentialDescriptor = {
  label: 'Serp API',
  name: 'serpApi',
  description: 'An API key from serpapi.com, for Google search results.',
  inputs: [
    { label: 'Serp Api Key', name: 'serpApiKey', type: 'password' },
    searchBaseUrlField('serpApiBaseUrl', 'https://serpapi.com'),
  ],
}
