import { isPublicAddress } from './address-kind.js'
import { parseIpAddress, sameIpAddress, type IpAddress } from './ip-address.js'

/** One entry of WEFT_ALLOWED_PRIVATE_HOSTS: a name or an address, with a port or for every port. */
export interface AllowedHost {
  /** Lower-case name without a trailing dot; undefined when the entry is an address. */
  name?: string
  address?: IpAddress
  port?: number
}

/**
 * `127.0.0.1:11434`, `ollama.internal`, `[::1]:8080`, `localhost` → an entry; undefined when the text
 * is none of those. An address may be written in any spelling (`2130706433:11434`).
 */
export function parseAllowedHost(entry: string): AllowedHost | undefined {
  const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry.trim().toLowerCase())
  if (!match) return undefined
  const [, host, portText] = match
  const port = portText === undefined ? undefined : Number(portText)
  if (port !== undefined && (port < 1 || port > 65535)) return undefined
  const address = parseIpAddress(host!)
  if (address) return { address, ...(port === undefined ? {} : { port }) }
  if (host!.startsWith('[')) return undefined
  return { name: host!.replace(/\.$/, ''), ...(port === undefined ? {} : { port }) }
}

/** Where a request goes: the host as the URL names it, the port, and the addresses it resolved to. */
export interface OutboundTarget {
  /** The URL's host: a name or an address in any spelling. */
  host: string
  port: number
  addresses: readonly IpAddress[]
}

function isAllowed(allowed: readonly AllowedHost[], target: OutboundTarget, address: IpAddress): boolean {
  const name = target.host.toLowerCase().replace(/\.$/, '')
  return allowed.some(
    (entry) =>
      (entry.port === undefined || entry.port === target.port) &&
      (entry.address ? sameIpAddress(entry.address, address) : entry.name === name),
  )
}

/**
 * The address a request to `target` may connect to, or undefined when it must not be sent: every
 * address the name resolved to has to be public or allowed by the administrator, since a name that
 * also points inside (even once among public answers) is how a server is turned against its own
 * network. The caller connects to the returned address itself, never resolving the name again.
 */
export function chooseOutboundAddress(
  target: OutboundTarget,
  allowed: readonly AllowedHost[] = [],
): IpAddress | undefined {
  const { addresses } = target
  if (addresses.length === 0) return undefined
  const permitted = addresses.every((address) => isPublicAddress(address) || isAllowed(allowed, target, address))
  return permitted ? addresses[0] : undefined
}
