import { PROVIDER_LABELS, type ProviderAssistantType } from '@weft/core'
import { AZURE_DEFAULT_API_VERSION } from '../../credentials/azure-openai-api.credential.js'
import { readString, withoutTrailingSlash } from '../../providers/node-inputs.js'

/**
 * Where one provider's Assistants API is and how to sign a request to it, read from a credential
 * alone: a request to Weft never names the address, so a key goes only where its owner said.
 */
export interface AssistantsEndpoint {
  type: ProviderAssistantType
  /** `OpenAI` or `Azure OpenAI`, for messages. */
  label: string
  /** The address of `path` (`/assistants`, `/threads/…`), with its query. */
  url: (path: string, query?: Record<string, string | undefined>) => URL
  headers: Record<string, string>
  /** The key, so error messages can be cleaned of it. */
  secret: string
}

export const OPENAI_API_BASE = 'https://api.openai.com/v1'

// A resource name is one DNS label; anything else could move the request to another host.
const INSTANCE_NAME = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/i

type CredentialData = Record<string, string> | undefined

function requireKey(credential: CredentialData, field: string, label: string): string {
  const key = readString(credential?.[field])
  if (!key) throw new Error(`The ${label} credential has no API key: fill it in under Credentials.`)
  return key
}

function readBase(address: string, label: string): string {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw new Error(`The ${label} credential's address is not a URL: ${address}`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`The ${label} credential's address must start with https:// or http://`)
  }
  return withoutTrailingSlash(url.href)
}

function withQuery(url: URL, query: Record<string, string | undefined>): URL {
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value)
  return url
}

function openAIEndpoint(credential: CredentialData): AssistantsEndpoint {
  const label = PROVIDER_LABELS.OPENAI
  const secret = requireKey(credential, 'openAIApiKey', label)
  const base = readBase(readString(credential?.openAIApiBasePath) ?? OPENAI_API_BASE, label)
  return {
    type: 'OPENAI',
    label,
    url: (path, query = {}) => withQuery(new URL(`${base}${path}`), query),
    headers: { authorization: `Bearer ${secret}`, 'OpenAI-Beta': 'assistants=v2' },
    secret,
  }
}

function azureEndpoint(credential: CredentialData): AssistantsEndpoint {
  const label = PROVIDER_LABELS.AZURE
  const secret = requireKey(credential, 'azureOpenAIApiKey', label)
  const endpoint = readString(credential?.azureOpenAIApiEndpoint)
  const instance = readString(credential?.azureOpenAIApiInstanceName)
  let base: string
  if (endpoint) base = readBase(endpoint, label)
  else if (instance && INSTANCE_NAME.test(instance)) base = `https://${instance}.openai.azure.com`
  else if (instance) throw new Error(`The ${label} credential's instance name is not a resource name: ${instance}`)
  else throw new Error(`The ${label} credential names no resource: fill in its Instance Name or Endpoint.`)
  const apiVersion = readString(credential?.azureOpenAIApiVersion) ?? AZURE_DEFAULT_API_VERSION
  return {
    type: 'AZURE',
    label,
    url: (path, query = {}) => withQuery(new URL(`${base}/openai${path}`), { ...query, 'api-version': apiVersion }),
    headers: { 'api-key': secret },
    secret,
  }
}

/** The Assistants API of OpenAI or Azure OpenAI, as the decrypted credential describes it. */
export function assistantsEndpoint(type: ProviderAssistantType, credential: CredentialData): AssistantsEndpoint {
  return type === 'AZURE' ? azureEndpoint(credential) : openAIEndpoint(credential)
}
