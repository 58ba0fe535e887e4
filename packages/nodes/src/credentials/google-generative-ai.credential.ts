import type { CredentialDescriptor } from '@weft/core'

// Flowise's googleGenerativeAI fields, plus a Base URL kept with the key (as openAIApi keeps its
// Assistants Base Path), so only whoever saves the key decides where it is sent.

export const googleGenerativeAI: CredentialDescriptor = {
  label: 'Google Generative AI',
  name: 'googleGenerativeAI',
  description: 'An API key from Google AI Studio (aistudio.google.com) for the Gemini API.',
  inputs: [
    { label: 'Google AI API Key', name: 'googleGenerativeAPIKey', type: 'password' },
    {
      label: 'Base URL',
      name: 'googleGenerativeAPIBaseUrl',
      type: 'string',
      optional: true,
      placeholder: 'https://generativelanguage.googleapis.com',
      description:
        'A proxy or gateway that speaks the Gemini API; empty means Google. The ChatGoogleGenerativeAI node’s own Base URL wins.',
    },
  ],
}
