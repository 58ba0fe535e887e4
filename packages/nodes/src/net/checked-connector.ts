import type { FailureKind } from '@weft/core'
import { lookup as dnsLookup } from 'node:dns/promises'
import { chooseOutboundAddress, formatIpAddress, parseIpAddress, type AllowedHost, type IpAddress } from '@weft/core'
import { buildConnector } from 'undici'

/** Every address a name resolves to, as text; the system resolver unless a test gives its own. */
export type ResolveName = (hostname: string) => Promise<string[]>

export const resolveWithSystem: ResolveName = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address)

/** Raised inside the connector; the guard turns it, like any connection failure, into one message. */
export class AddressNotAllowed extends Error {
  readonly failureKind: FailureKind = 'configuration'

  constructor() {
    super('The address is not allowed.')
    this.name = 'AddressNotAllowed'
  }
}

const CONNECT_TIMEOUT_MS = 10_000

/** The addresses of a host: itself when it is an address in any spelling, else what it resolves to. */
export async function addressesOf(hostname: string, resolve: ResolveName): Promise<IpAddress[]> {
  const literal = parseIpAddress(hostname)
  if (literal) return [literal]
  const resolved = await resolve(hostname)
  return resolved.map((text) => parseIpAddress(text)).filter((address) => address !== undefined)
}

/**
 * Opens each connection of the HTTP client: resolves the host once, checks every address it
 * resolved to, and connects to the checked address itself, so a name that answers differently a
 * moment later (DNS rebinding) is never asked again. TLS still verifies the certificate against
 * the name, which the client passes on as the server name.
 */
export function checkedConnector(allowed: readonly AllowedHost[], resolve: ResolveName): buildConnector.connector {
  const connect = buildConnector({ timeout: CONNECT_TIMEOUT_MS })
  return (options, callback) => {
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80)
    addressesOf(options.hostname, resolve).then(
      (addresses) => {
        const address = chooseOutboundAddress({ host: options.hostname, port, addresses }, allowed)
        if (!address) callback(new AddressNotAllowed(), null)
        else connect({ ...options, hostname: formatIpAddress(address) }, callback)
      },
      (error: Error) => callback(error, null),
    )
  }
}
