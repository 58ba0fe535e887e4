import { parseIpAddress, type IpAddress } from './ip-address.js'

/** What an address reaches; only `public` ones are on the internet at large. */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'unspecified'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'unique-local'
  | 'ipv4-mapped'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'benchmarking'
  | 'documentation'
  | 'cloud-metadata'

// IANA's special-purpose registries, most specific first. A request to any of these reaches the
// machine Weft runs on, its private network or its cloud provider rather than the internet.
const RANGES: ReadonlyArray<readonly [string, AddressKind]> = [
  ['169.254.169.254/32', 'cloud-metadata'], // AWS, Azure, GCP, OpenStack…
  ['100.100.100.200/32', 'cloud-metadata'], // Alibaba Cloud
  ['fd00:ec2::254/128', 'cloud-metadata'], // AWS over IPv6
  ['255.255.255.255/32', 'broadcast'],
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'shared'], // carrier-grade NAT
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments (Oracle Cloud's metadata is 192.0.0.192)
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved'], // former 6to4 relays
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::ffff:0:0/96', 'ipv4-mapped'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'private'], // former site-local
  ['ff00::/8', 'multicast'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['2001:2::/48', 'benchmarking'],
  ['2001:10::/28', 'reserved'], // former ORCHID
]

interface Prefix {
  address: IpAddress
  bits: number
}

function parsePrefix(text: string): Prefix {
  const [address, bits] = text.split('/')
  return { address: parseIpAddress(address!)!, bits: Number(bits) }
}

const PREFIXES = RANGES.map(([range, kind]) => ({ prefix: parsePrefix(range), kind }))

function inPrefix(address: IpAddress, { address: network, bits }: Prefix): boolean {
  if (address.family !== network.family) return false
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff
    if ((address.bytes[bit / 8]! & mask) !== (network.bytes[bit / 8]! & mask)) return false
  }
  return true
}

const v4 = (bytes: readonly number[]): IpAddress => ({ family: 4, bytes })

/**
 * The IPv4 address an IPv6 address carries to an IPv4 host, by the transition schemes that
 * translate or tunnel it: NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48), 6to4 (2002::/16)
 * and Teredo (2001::/32, the client address inverted). The old IPv4-compatible form (::a.b.c.d)
 * falls under ::/8, which is never public.
 */
function carriedIpv4({ bytes }: IpAddress): IpAddress | undefined {
  const word = (i: number) => bytes[i]! * 256 + bytes[i + 1]!
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0)
  if (word(0) === 0x64 && word(2) === 0xff9b && zeros(4, 12)) return v4(bytes.slice(12))
  if (word(0) === 0x64 && word(2) === 0xff9b && word(4) === 1) return v4(bytes.slice(12))
  if (word(0) === 0x2002) return v4(bytes.slice(2, 6))
  if (word(0) === 0x2001 && word(2) === 0) return v4(bytes.slice(12).map((byte) => byte ^ 0xff))
  return undefined
}

/**
 * What `address` reaches: the machine itself, a private network, link-local or cloud metadata,
 * multicast, ranges kept for documentation and tests, or the public internet. An IPv6 address that
 * carries an IPv4 address is as public as the IPv4 address; IPv6 outside 2000::/3 is never public.
 */
export function addressKind(address: IpAddress): AddressKind {
  const known = PREFIXES.find(({ prefix }) => inPrefix(address, prefix))
  if (known) return known.kind
  if (address.family === 4) return 'public'
  const carried = carriedIpv4(address)
  if (carried) return addressKind(carried)
  return (address.bytes[0]! & 0xe0) === 0x20 ? 'public' : 'reserved'
}

export const isPublicAddress = (address: IpAddress): boolean => addressKind(address) === 'public'
