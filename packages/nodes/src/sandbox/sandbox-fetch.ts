import type { OutboundFetch } from '../net/outbound-guard.js'
import { readCappedBody } from '../net/read-capped-body.js'

// The host side of the sandbox's `fetch`: the request arrives as JSON text written by user code (so
// it is checked as untrusted), goes out only through the outbound guard, and the answer goes back
// as JSON text: `{ status, statusText, url, headers: [[name, value]], body }` or `{ error }`.
// Failures are answered, never thrown, so nothing of the host's errors reaches the sandbox.

/** The most of an answer's body the sandbox gets; past it the request fails saying so. */
export const MAX_FETCH_BYTES = 5 * 1024 * 1024
/** Requests one run may make. */
export const MAX_FETCHES = 20

interface FetchRequest {
  url: string
  method: string
  headers: Array<[string, string]>
  body?: string
}

const isText = (value: unknown): value is string => typeof value === 'string'
const isPair = (value: unknown): value is [string, string] =>
  Array.isArray(value) && value.length === 2 && isText(value[0]) && isText(value[1])

/** The request, or what is wrong with it. */
function readRequest(text: string): FetchRequest | { error: string } {
  let request: unknown
  try {
    request = JSON.parse(text)
  } catch {
    return { error: 'fetch: the request could not be read' }
  }
  if (request === null || typeof request !== 'object') return { error: 'fetch: the request could not be read' }
  const { url, method, headers, body } = request as Record<string, unknown>
  if (!isText(url) || !isText(method) || !Array.isArray(headers) || !headers.every(isPair)) {
    return { error: 'fetch: the request could not be read' }
  }
  if (body !== undefined && !isText(body)) return { error: 'fetch: body must be text' }
  try {
    new URL(url)
  } catch {
    return { error: `fetch: "${url.slice(0, 200)}" is not a web address` }
  }
  return { url, method, headers, body }
}

/** The body as text, refused once it passes `limit` bytes. */
async function readBody(response: Response, url: string, limit: number): Promise<string> {
  const body = await readCappedBody(
    response,
    limit,
    () =>
      `fetch: the answer of ${new URL(url).origin} is larger than ${limit / 1024 / 1024} MB, the most custom code can read`,
  )
  return new TextDecoder().decode(body)
}

/** Makes the sandbox's request through the guard and answers JSON text; never rejects. */
export async function fetchForSandbox(text: string, fetch: OutboundFetch, signal: AbortSignal): Promise<string> {
  const request = readRequest(text)
  if ('error' in request) return JSON.stringify(request)
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal,
    })
    const body = await readBody(response, request.url, MAX_FETCH_BYTES)
    const headers: Array<[string, string]> = []
    response.headers.forEach((value, name) => headers.push([name, value]))
    return JSON.stringify({
      status: response.status,
      statusText: response.statusText,
      url: response.url || request.url,
      headers,
      body,
    })
  } catch (error) {
    // The guard's refusal, a bad header name, a reset connection: the message only, no stack or cause.
    return JSON.stringify({ error: error instanceof Error ? error.message : 'fetch: the request failed' })
  }
}
