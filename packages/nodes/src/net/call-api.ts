import type { FailureKind } from '@weft/core'
import type { OutboundFetch } from './outbound-guard.js'
import { readCappedBody } from './read-capped-body.js'

// One call to an API a user (or a model reading their API docs) chose, for the API chains and the
// API loader: through the run's outbound guard, with a time limit and a size limit.

export const API_TIMEOUT_MS = 30_000

export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  url: URL
  headers: Record<string, string>
  /** Sent as JSON unless it is text; Content-Type defaults to application/json. */
  body?: unknown
  fetch: OutboundFetch
  signal: AbortSignal
  /** The most bytes read of the answer; a larger answer is refused. */
  maxBytes: number
  /** Milliseconds before the call is abandoned; API_TIMEOUT_MS when not given. */
  timeoutMs?: number
}

/** Thrown when the address did not answer in time (its message says which, and how long). */
export class ApiTimeout extends Error {
  override name = 'ApiTimeout'
  readonly failureKind: FailureKind = 'timeout'
}

export interface ApiResponse {
  ok: boolean
  status: number
  statusText: string
  /** The media type without parameters, lower case: `application/json`. */
  type: string
  text: string
}

/** The address without its query: a query may carry a key, and errors end up in logs. */
export const apiAddress = (url: URL) => `${url.origin}${url.pathname}`

export const isJsonType = (type: string) => type === 'application/json' || type.endsWith('+json')

/** Sends the call and reads the answer as text. Refused addresses throw the guard's own error. */
export async function callApi(call: ApiCall): Promise<ApiResponse> {
  const headers = { ...call.headers }
  let body: string | undefined
  if (call.body !== undefined) {
    body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body)
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/json'
    }
  }
  const timeoutMs = call.timeoutMs ?? API_TIMEOUT_MS
  let response: Response
  try {
    response = await call.fetch(call.url, {
      method: call.method,
      headers,
      body,
      signal: AbortSignal.any([call.signal, AbortSignal.timeout(timeoutMs)]),
    })
  } catch (error) {
    if (!call.signal.aborted && error instanceof Error && error.name === 'TimeoutError') {
      throw new ApiTimeout(`${apiAddress(call.url)} did not answer within ${timeoutMs / 1000} s.`, { cause: error })
    }
    throw error
  }
  const bytes = await readCappedBody(
    response,
    call.maxBytes,
    () =>
      `${apiAddress(call.url)} answered with more than ${call.maxBytes / 1024 / 1024} MB, the most Weft reads of an API answer.`,
  )
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  return {
    ok: response.ok,
    status: response.status,
    statusText: response.statusText,
    type,
    text: new TextDecoder().decode(bytes),
  }
}
