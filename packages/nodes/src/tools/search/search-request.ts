import { ApiTimeout, callApi, type ApiResponse } from '../../net/call-api.js'
import type { OutboundFetch } from '../../net/outbound-guard.js'
import { OutboundRequestRefused } from '../../net/outbound-refused.error.js'
import { cutToPrompt, MAX_READ_BYTES, REQUEST_TIMEOUT_MS } from '../send-request.js'

// How the web search tools call their service: through the run's outbound guard, with the run's
// signal and a timeout. What goes wrong is answered as a sentence the agent can read, and never
// repeats the address (some services take their key in the query string).

export interface SearchCall {
  /** The service's name, as the agent reads it in errors ("Brave Search"). */
  service: string
  url: URL
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: unknown
  signal: AbortSignal
  fetch: OutboundFetch
  timeoutMs?: number
}

export type SearchAnswer = { ok: true; data: unknown } | { ok: false; text: string }

/** The service's JSON answer, or the sentence the agent gets instead. */
export async function callSearchApi(call: SearchCall): Promise<SearchAnswer> {
  const timeoutMs = call.timeoutMs ?? REQUEST_TIMEOUT_MS
  let response: ApiResponse
  try {
    response = await callApi({
      method: call.method ?? 'GET',
      url: call.url,
      headers: { accept: 'application/json', ...call.headers },
      body: call.body,
      fetch: call.fetch,
      signal: call.signal,
      maxBytes: MAX_READ_BYTES,
      timeoutMs,
    })
  } catch (error) {
    // A stopped run stops the tool; the agent does not get to read that as an answer.
    if (call.signal.aborted) throw error
    if (error instanceof OutboundRequestRefused) return { ok: false, text: error.message }
    if (error instanceof ApiTimeout)
      return { ok: false, text: `${call.service} did not answer within ${timeoutMs / 1000} s.` }
    return { ok: false, text: `${call.service} could not be reached.` }
  }
  if (!response.ok) {
    return {
      ok: false,
      text: cutToPrompt(`${call.service} answered ${response.status} ${response.statusText}: ${response.text}`),
    }
  }
  try {
    return { ok: true, data: JSON.parse(response.text) as unknown }
  } catch {
    return { ok: false, text: `${call.service} answered with something that is not JSON.` }
  }
}

export interface SearchResult {
  title: string
  link: string
  snippet: string
}

export const NO_RESULTS = 'No good search results found.'

/** The results as the agent reads them: a JSON list of title, link and snippet. */
export function formatResults(results: readonly SearchResult[]): string {
  return results.length ? cutToPrompt(JSON.stringify(results)) : NO_RESULTS
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** Picks title, link and snippet out of each item of a service's list, by the service's own field names. */
export function readResults(items: unknown, fields: { title: string; link: string; snippet: string }): SearchResult[] {
  if (!Array.isArray(items)) return []
  return items
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({
      title: text(item[fields.title]),
      link: text(item[fields.link]),
      snippet: text(item[fields.snippet]),
    }))
}

/** The search words the agent sent; models sometimes name the argument differently. */
export function readQuery(input: Record<string, unknown>): string {
  const query = input.input ?? input.query ?? Object.values(input).find((value) => typeof value === 'string')
  return typeof query === 'string' ? query.trim() : ''
}

/** What every search tool asks of the agent: one search query. */
export const QUERY_SCHEMA = {
  type: 'object',
  properties: { input: { type: 'string', description: 'What to search for' } },
  required: ['input'],
}

/**
 * The service's address: the credential's Base URL when its owner set one (a self-hosted or
 * test stand-in), else the public service. Kept in the credential so no chat caller can move it.
 */
export function serviceUrl(base: string | undefined, fallback: string, path: string): URL {
  const root = (base?.trim() || fallback).replace(/\/+$/, '')
  return new URL(`${root}${path}`)
}
