import { parseAllowedHost, type AllowedHost } from '@weft/core'
import { Agent, fetch as undiciFetch } from 'undici'
import { checkedConnector, resolveWithSystem, type ResolveName } from './checked-connector.js'
import { OutboundRequestRefused } from './outbound-refused.error.js'
import { attachTcpAddressChooser, tcpAddressChooser } from './outbound-tcp.js'
import { isReplayable, REDIRECT_STATUSES, redirectRequest, type HopRequest } from './redirect-request.js'

/** The signature of the global fetch, so AI SDK providers take it as their `fetch` option. */
export type OutboundFetch = typeof globalThis.fetch

/** Every request to an address a user chose goes through this; see createOutboundGuard. */
export interface OutboundGuard {
  fetch: OutboundFetch
  /** Closes the kept-alive connections. */
  close: () => Promise<void>
}

export interface OutboundGuardOptions {
  /** WEFT_ALLOWED_PRIVATE_HOSTS: `host` (any port), `host:port` or `[v6]:port`. */
  allowedPrivateHosts: readonly string[]
  /** Resolves names; tests give one that answers a made-up name with 127.0.0.1. */
  resolve?: ResolveName
}

export const MAX_REDIRECTS = 5

type FetchInit = NonNullable<Parameters<OutboundFetch>[1]>

/** The fetch of undici (the library, not Node's copy of it): it takes the checking Agent. */
const send = undiciFetch as unknown as (
  url: URL,
  init: Omit<FetchInit, 'dispatcher'> & { dispatcher: Agent },
) => Promise<Response>

async function readInput(input: Parameters<OutboundFetch>[0], init: FetchInit = {}) {
  if (!(input instanceof Request)) return { url: new URL(input), init }
  const body = input.body ? await input.arrayBuffer() : undefined
  return {
    url: new URL(input.url),
    init: { method: input.method, headers: input.headers, body, signal: input.signal, ...init },
  }
}

function headerPairs(headers: FetchInit['headers']): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  new Headers(headers).forEach((value, name) => pairs.push([name, value]))
  return pairs
}

function checkScheme(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`Only http and https addresses can be called, not ${url.protocol}`)
  }
}

// undici answers every failure to connect or to read an answer this way; the cause names the
// reason (refused, unreachable, not allowed, reset), which is exactly what must not be told.
const isNetworkFailure = (error: unknown) => error instanceof TypeError && error.message === 'fetch failed'

/**
 * A fetch for addresses that users choose (model base URLs, load methods, request tools): it never
 * reaches loopback, private, link-local, CGNAT, unique-local, multicast, reserved or cloud-metadata
 * addresses in any spelling, unless the administrator allowed the host. Names are resolved once per
 * connection and every address they give is checked; the connection goes to the checked address.
 * Redirects are followed here, each hop checked again. Refused, unresolvable, closed and silent
 * addresses all throw the same OutboundRequestRefused; an abort or timeout of the caller's signal
 * rejects with the signal's reason as fetch does.
 */
export function createOutboundGuard(options: OutboundGuardOptions): OutboundGuard {
  const allowed = options.allowedPrivateHosts
    .map((entry) => parseAllowedHost(entry))
    .filter((entry): entry is AllowedHost => entry !== undefined)
  const dispatcher = new Agent({ connect: checkedConnector(allowed, options.resolve ?? resolveWithSystem) })

  const fetch: OutboundFetch = async (input, givenInit) => {
    const { url: first, init } = await readInput(input, givenInit)
    let url = first
    let hop: HopRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      headers: headerPairs(init.headers),
      body: init.body,
    }
    for (let redirects = 0; ; redirects += 1) {
      checkScheme(url)
      let response: Response
      try {
        response = await send(url, {
          ...init,
          method: hop.method,
          headers: hop.headers,
          body: hop.body,
          redirect: 'manual',
          dispatcher,
        })
      } catch (error) {
        if (isNetworkFailure(error)) throw new OutboundRequestRefused(url)
        throw error
      }
      const location = response.headers.get('location')
      if (!REDIRECT_STATUSES.has(response.status) || location === null || init.redirect === 'manual') return response
      await response.body?.cancel()
      if (init.redirect === 'error') {
        throw new TypeError(`${url.origin} answered with a redirect, which this request does not follow`)
      }
      if (redirects === MAX_REDIRECTS) {
        throw new Error(`${first.origin} redirected more than ${MAX_REDIRECTS} times; Weft stopped following it.`)
      }
      const next = new URL(location, url)
      hop = redirectRequest(hop, response.status, url, next)
      if (hop.body !== undefined && !isReplayable(hop.body)) {
        throw new Error(`${url.origin} redirected a request whose body was streamed, which cannot be sent again.`)
      }
      url = next
    }
  }

  // Connections that are not HTTP (PostgreSQL) ask the guard by its fetch: same rule, same allowed hosts.
  attachTcpAddressChooser(fetch, tcpAddressChooser(allowed, options.resolve ?? resolveWithSystem))
  return { fetch, close: () => dispatcher.close() }
}
