import type { ProviderAssistantDetails, ProviderAssistantType } from '@weft/core'
import {
  startAssistantsStandIn,
  type AssistantsStandIn,
} from '../../../nodes/src/testing/openai-assistants-stand-in.js'
import type { Browser } from './harness.js'

// Set-ups the OpenAI and Azure assistant tests share: a stand-in of the provider's Assistants API
// on 127.0.0.1 and a credential of the workspace that points at it, as its owner would save it.

export const PROVIDER_KEY = 'sk-provider-key-0123456789abcdef'
export const AZURE_API_VERSION = '2024-07-01-preview'

export const PROVIDERS: { type: ProviderAssistantType; label: string }[] = [
  { type: 'OPENAI', label: 'OpenAI' },
  { type: 'AZURE', label: 'Azure OpenAI' },
]

export const startProvider = (type: ProviderAssistantType): Promise<AssistantsStandIn> =>
  startAssistantsStandIn({ dialect: type, apiKey: PROVIDER_KEY, apiVersion: AZURE_API_VERSION })

/** The credential fields that send requests to `url` with `key`. */
export function credentialData(type: ProviderAssistantType, url: string, key = PROVIDER_KEY) {
  return type === 'AZURE'
    ? {
        credentialName: 'azureOpenAIApi',
        plainDataObj: { azureOpenAIApiKey: key, azureOpenAIApiEndpoint: url, azureOpenAIApiVersion: AZURE_API_VERSION },
      }
    : { credentialName: 'openAIApi', plainDataObj: { openAIApiKey: key, openAIApiBasePath: url } }
}

/** A credential of the browser's workspace for the provider at `url`; answers its id. */
export async function createProviderCredential(
  b: Browser,
  type: ProviderAssistantType,
  url: string,
  key = PROVIDER_KEY,
): Promise<string> {
  const res = await b.post('/api/v1/credentials', { name: `${type} key`, ...credentialData(type, url, key) })
  if (res.status !== 201) throw new Error(`Creating the credential failed: ${JSON.stringify(res.body)}`)
  return res.body.id as string
}

export const assistantBody = (
  type: ProviderAssistantType,
  credential: string,
  details: Partial<ProviderAssistantDetails> & Record<string, unknown>,
) => ({ type, credential, details: JSON.stringify({ name: 'Helper', model: 'gpt-4o', ...details }) })

export const detailsOf = (assistant: { details: string }) => JSON.parse(assistant.details) as ProviderAssistantDetails

/** A multipart/form-data body with these text files in the `files` field, as a browser's FormData sends it. */
export async function multipartFiles(files: Record<string, string>) {
  const form = new FormData()
  for (const [name, text] of Object.entries(files)) form.append('files', new Blob([text], { type: 'text/plain' }), name)
  const encoded = new Response(form)
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! }
}
