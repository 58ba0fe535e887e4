import type { CredentialDescriptor } from '@weft/core'
import { searchBaseUrlField } from './search-base-url.js'

export const googleCustomSearchApi: CredentialDescriptor = {
  label: 'Google Custom Search API',
  name: 'googleCustomSearchApi',
  description: 'A Google API key and the id of a Programmable Search Engine (programmablesearchengine.google.com).',
  inputs: [
    { label: 'Google Custom Search Api Key', name: 'googleCustomSearchApiKey', type: 'password' },
    { label: 'Programmable Search Engine ID', name: 'googleCustomSearchApiId', type: 'string' },
    searchBaseUrlField('googleCustomSearchApiBaseUrl', 'https://www.googleapis.com'),
  ],
}
