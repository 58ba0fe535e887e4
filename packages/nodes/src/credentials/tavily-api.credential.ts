import type { CredentialDescriptor } from '@weft/core'
import { searchBaseUrlField } from './search-base-url.js'

export const tavilyApi: CredentialDescriptor = {
  label: 'Tavily API',
  name: 'tavilyApi',
  description: 'An API key from app.tavily.com.',
  inputs: [
    { label: 'Tavily Api Key', name: 'tavilyApiKey', type: 'password' },
    searchBaseUrlField('tavilyApiBaseUrl', 'https://api.tavily.com'),
  ],
}
