import type { OutboundFetch } from '../net/outbound-guard.js'

// Some services repeat the key they were sent in an error answer ("Incorrect API key: sk-…"), and
// the AI SDK puts that answer into the error the user sees. This fetch blanks the key out of every
// error answer before the SDK reads it; answers that succeeded pass untouched (and keep streaming).

const SHORTEST_KEY = 4
const wrapped = new WeakMap<OutboundFetch, Map<string, OutboundFetch>>()

/** `fetch` whose error answers never hold `key`; the same function for the same pair, so providers are reused. */
export function keySafeFetch(fetch: OutboundFetch, key: string | undefined): OutboundFetch {
  if (!key || key.length < SHORTEST_KEY) return fetch
  let byKey = wrapped.get(fetch)
  if (!byKey) wrapped.set(fetch, (byKey = new Map()))
  let safe = byKey.get(key)
  if (!safe) {
    safe = async (input, init) => withoutKey(await fetch(input, init), key)
    byKey.set(key, safe)
  }
  return safe
}

async function withoutKey(response: Response, key: string): Promise<Response> {
  if (response.ok) return response
  const text = await response.text()
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.delete('content-encoding')
  return new Response(text.split(key).join('***'), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
