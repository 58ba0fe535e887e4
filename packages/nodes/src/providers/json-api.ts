import { APICallError } from '@ai-sdk/provider'
import type { OutboundFetch } from '../net/outbound-guard.js'

// The JSON APIs that no AI SDK provider speaks (Replicate, Hugging Face, Jina, Voyage) are called
// here, so their errors read like the SDK's ("the server answered HTTP 401: …") and never hold the key.

/**
 * POSTs (or GETs, without a body) JSON through the run's outbound guard and answers the parsed
 * reply. An error answer becomes an APICallError whose message never holds `key`.
 */
export async function callJsonApi(
  fetch: OutboundFetch,
  url: string,
  init: { body?: unknown; headers: Record<string, string>; key?: string; signal?: AbortSignal },
): Promise<unknown> {
  const response = await fetch(url, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  })
  const text = await response.text()
  const hide = (value: string) => (init.key && init.key.length >= 4 ? value.split(init.key).join('***') : value)
  if (!response.ok) {
    throw new APICallError({
      message: hide(errorMessageOf(text) || response.statusText),
      url,
      requestBodyValues: init.body,
      statusCode: response.status,
      responseBody: hide(text),
      isRetryable: false,
    })
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new Error(`the server at ${new URL(url).origin} did not answer JSON`)
  }
}

function errorMessageOf(text: string): string {
  let answer: unknown
  try {
    answer = JSON.parse(text)
  } catch {
    return text.slice(0, 300)
  }
  const record = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>
  const error = record.error
  const message =
    (typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : error) ??
    record.detail ??
    record.message
  return typeof message === 'string' ? message : JSON.stringify(message ?? answer)
}
