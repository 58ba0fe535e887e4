import type { CredentialDescriptor } from '@weft/core'
import { searchBaseUrlField } from './search-base-url.js'

export const braveSearchApi: CredentialDescriptor = {
  label: 'Brave Search API',
  name: 'braveSearchApi',
  description: 'An API key from api-dashboard.search.brave.com.',
  inputs: [
    { label: 'BraveSearch Api Key', name: 'braveApiKey', type: 'password' },
    searchBaseUrlField('braveApiBaseUrl', 'https://api.search.brave.com'),
  ],
}
