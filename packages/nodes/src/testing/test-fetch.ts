import { createOutboundGuard, type OutboundFetch } from '../net/outbound-guard.js'

/**
 * The outbound guard as a test's server would build it: no private host allowed except the hosts
 * (and ports) of the given addresses, typically the loopback servers the test started.
 */
export function testFetch(...allowedUrls: string[]): OutboundFetch {
  return createOutboundGuard({ allowedPrivateHosts: allowedUrls.map((url) => new URL(url).host) }).fetch
}
