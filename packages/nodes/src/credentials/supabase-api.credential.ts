import type { CredentialDescriptor } from '@weft/core'

export const supabaseApi: CredentialDescriptor = {
  label: 'Supabase API',
  name: 'supabaseApi',
  description: 'The API key (service role or anon key) of a Supabase project.',
  inputs: [{ label: 'Supabase API Key', name: 'supabaseApiKey', type: 'password' }],
}
