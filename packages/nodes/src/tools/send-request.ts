import { ApiTimeout, callApi } from '../net/call-api.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import { readJsonObject } from '../runtime/read-input.js'

// How the HTTP tools call the outside world: the run's signal plus a timeout, and an answer the
// model can read (errors as text, so the agent can explain or try again) cut to a size a prompt holds.

export const REQUEST_TIMEOUT_MS = 30_000
export const MAX_ANSWER_CHARS = 8_000
/** The most of an answer read at all: only its first MAX_ANSWER_CHARS reach the model anyway. */
export const MAX_READ_BYTES = 5 * 1024 * 1024

export interface ToolRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: string
  headers: Record<string, string>
  body?: unknown
  signal: AbortSignal
  timeoutMs?: number
  /** The run's outbound guard: a tool never reaches a private address the administrator did not allow. */
  fetch: OutboundFetch
}

/** The Headers input as text values; names the input in errors. */
export function readHeaders(raw: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(readJsonObject(raw, 'Headers')).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : String(value),
    ]),
  )
}

/** A web address the tool may call: http or https only; anything else is answered as an error text. */
function checkUrl(url: string): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return `"${url}" is not a web address.`
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:'
    ? undefined
    : `Only http and https addresses can be called, not ${parsed.protocol}`
}

/** Text cut to a size a prompt holds. */
export const cutToPrompt = (text: string) =>
  text.length > MAX_ANSWER_CHARS ? `${text.slice(0, MAX_ANSWER_CHARS)}\n…(cut at ${MAX_ANSWER_CHARS} characters)` : text

/** Sends the request and answers with the response text, or with a sentence saying what went wrong. */
export async function sendToolRequest(request: ToolRequest): Promise<string> {
  const problem = checkUrl(request.url)
  if (problem) return problem
  const timeoutMs = request.timeoutMs ?? REQUEST_TIMEOUT_MS
  try {
    const response = await callApi({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: request.body,
      fetch: request.fetch,
      signal: request.signal,
      maxBytes: MAX_READ_BYTES,
      timeoutMs,
    })
    if (!response.ok)
      return cutToPrompt(`The server answered ${response.status} ${response.statusText}: ${response.text}`)
    return cutToPrompt(response.text)
  } catch (error) {
    // A stopped run stops the tool; the agent does not get to read that as an answer.
    if (request.signal.aborted) throw error
    if (error instanceof OutboundRequestRefused) return error.message
    if (error instanceof ApiTimeout) {
      return `The request to ${request.url} took longer than ${timeoutMs / 1000} s and was abandoned.`
    }
    return `The request to ${request.url} failed: ${error instanceof Error ? error.message : String(error)}`
  }
}
