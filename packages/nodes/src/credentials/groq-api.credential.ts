import type { CredentialDescriptor } from '@weft/core'

// Flowise's groqApi, plus a Base URL kept with the key: Flowise's Groq node has no address input,
// so a proxy or a self-hosted stand-in is named here, by whoever saves the key.

export const groqApi: CredentialDescriptor = {
  label: 'Groq API',
  name: 'groqApi',
  description: 'An API key from console.groq.com.',
  inputs: [
    { label: 'Groq Api Key', name: 'groqApiKey', type: 'password' },
    {
      label: 'Base URL',
      name: 'groqApiBaseUrl',
      type: 'string',
      optional: true,
      placeholder: 'https://api.groq.com/openai/v1',
      description: 'A proxy that speaks the Groq (OpenAI-style) API; empty means Groq.',
    },
  ],
}
