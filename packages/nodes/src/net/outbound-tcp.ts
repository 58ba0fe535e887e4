import type { FailureKind } from '@weft/core'
import { chooseOutboundAddress, formatIpAddress, type AllowedHost } from '@weft/core'
import { addressesOf, resolveWithSystem, type ResolveName } from './checked-connector.js'
import type { OutboundFetch } from './outbound-guard.js'

// Connections that are not HTTP (PostgreSQL) to hosts a user chose: they cannot go through the
// guard's fetch, so the guard hands out its decision for them. Same rule (chooseOutboundAddress),
// same configuration (WEFT_ALLOWED_PRIVATE_HOSTS), same resolver; the caller connects to the address
// it is given, never resolving the name again.

/** The address text a connection to `host:port` may use; throws OutboundConnectionRefused otherwise. */
export type ChooseTcpAddress = (host: string, port: number) => Promise<string>

/** The same words for a refused, unresolvable or private host, as the guard's OutboundRequestRefused. */
export class OutboundConnectionRefused extends Error {
  readonly failureKind: FailureKind = 'configuration'

  constructor(host: string, port: number) {
    const entry = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`
    super(
      `Weft could not reach ${entry}: the address is private, unreachable or refused the connection. ` +
        `An administrator can allow a private host by adding ${entry} to WEFT_ALLOWED_PRIVATE_HOSTS.`,
    )
    this.name = 'OutboundConnectionRefused'
  }
}

export function tcpAddressChooser(allowed: readonly AllowedHost[], resolve: ResolveName): ChooseTcpAddress {
  return async (host, port) => {
    const bare = host.replace(/^\[(.*)\]$/, '$1')
    const addresses = await addressesOf(bare, resolve).catch(() => [])
    const address = chooseOutboundAddress({ host: bare, port, addresses }, allowed)
    if (!address) throw new OutboundConnectionRefused(bare, port)
    return formatIpAddress(address)
  }
}

const choosers = new WeakMap<OutboundFetch, ChooseTcpAddress>()

/** Called by createOutboundGuard: connections beside its fetch follow its configuration. */
export function attachTcpAddressChooser(fetch: OutboundFetch, choose: ChooseTcpAddress): void {
  choosers.set(fetch, choose)
}

const publicOnly = tcpAddressChooser([], resolveWithSystem)

/**
 * The address for a connection to `host:port` under the guard whose fetch this is. A fetch that is
 * not a guard's (a wrapper) allows public addresses only, never less strict than the guard.
 */
export function chooseTcpAddress(fetch: OutboundFetch, host: string, port: number): Promise<string> {
  return (choosers.get(fetch) ?? publicOnly)(host, port)
}
