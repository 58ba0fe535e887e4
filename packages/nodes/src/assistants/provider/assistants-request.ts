import type { OutboundFetch } from '../../net/outbound-guard.js'
import { OutboundRequestRefused } from '../../net/outbound-refused.error.js'
import type { AssistantsEndpoint } from './assistants-endpoint.js'

/**
 * The provider refused or failed a call: the message names the provider and repeats its own error,
 * without the key (OpenAI quotes part of a wrong key back). `status` is the provider's HTTP status,
 * absent when it could not be reached.
 */
export class AssistantsApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'AssistantsApiError'
  }
}

// OpenAI's keys and the masked copies of them its errors quote (`sk-proj-abc*****wxyz`).
const KEY_LIKE = /\bsk-[A-Za-z0-9_*.-]{3,}/g

/** The text without the key, nor anything shaped like an OpenAI key. */
export function withoutSecret(text: string, secret: string): string {
  const cleaned = secret.length >= 4 ? text.split(secret).join('***') : text
  return cleaned.replace(KEY_LIKE, 'sk-***')
}

async function providerMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '')
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown; code?: unknown } | string; message?: unknown }
    const error = body.error
    if (typeof error === 'string') return error
    if (typeof error?.message === 'string') return error.message
    if (typeof body.message === 'string') return body.message
  } catch {
    // Not JSON (a proxy's page): its first words say what went wrong.
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, 300)
}

export interface AssistantsCall {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  query?: Record<string, string | undefined>
  /** A JSON body. */
  json?: unknown
  /** A multipart body (file uploads). */
  form?: FormData
  signal?: AbortSignal
}

/** A multipart body as bytes: the guarded fetch can send bytes again when it follows a redirect. */
async function encodeForm(form: FormData): Promise<{ body: ArrayBuffer; type: string }> {
  const encoded = new Response(form)
  return { body: await encoded.arrayBuffer(), type: encoded.headers.get('content-type') ?? 'multipart/form-data' }
}

/** One call of the Assistants API through the outbound guard; answers the parsed JSON or throws AssistantsApiError. */
export async function callAssistantsApi<T>(
  endpoint: AssistantsEndpoint,
  fetch: OutboundFetch,
  call: AssistantsCall,
): Promise<T> {
  const url = endpoint.url(call.path, call.query)
  const headers: Record<string, string> = { ...endpoint.headers, accept: 'application/json' }
  let body: ArrayBuffer | string | undefined
  if (call.form) {
    const encoded = await encodeForm(call.form)
    headers['content-type'] = encoded.type
    body = encoded.body
  } else if (call.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(call.json)
  }
  let response: Response
  try {
    response = await fetch(url, { method: call.method, headers, body, signal: call.signal })
  } catch (error) {
    if (call.signal?.aborted) throw error
    const reason = error instanceof OutboundRequestRefused ? error.message : `${url.origin} did not answer`
    throw new AssistantsApiError(withoutSecret(`${endpoint.label}: ${reason}`, endpoint.secret))
  }
  if (!response.ok) {
    const message = await providerMessage(response)
    throw new AssistantsApiError(
      withoutSecret(
        `${endpoint.label} answered HTTP ${response.status}${message ? `: ${message}` : ''}`,
        endpoint.secret,
      ),
      response.status,
    )
  }
  try {
    return (await response.json()) as T
  } catch {
    throw new AssistantsApiError(`${endpoint.label} answered something that is not JSON (HTTP ${response.status})`)
  }
}
