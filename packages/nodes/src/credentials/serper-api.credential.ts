import type { CredentialDescriptor } from '@weft/core'
import { searchBaseUrlField } from './search-base-url.js'

export const serperApi: CredentialDescriptor = {
  label: 'Serper API',
  name: 'serperApi',
  description: 'An API key from serper.dev, for Google search results.',
  inputs: [
    { label: 'Serper Api Key', name: 'serperApiKey', type: 'password' },
    searchBaseUrlField('serperApiBaseUrl', 'https://google.serper.dev'),
  ],
}
