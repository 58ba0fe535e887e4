import type { CredentialDescriptor } from '@weft/core'

export const openAICompatibleApi: CredentialDescriptor = {
  label: 'OpenAI Compatible API',
  name: 'openAICompatibleApi',
  description:
    'The key of a server that speaks the OpenAI API (Ollama, vLLM, LM Studio, llama.cpp), when it asks for one.',
  inputs: [{ label: 'API Key', name: 'apiKey', type: 'password', optional: true }],
}
