/** An IP address as its bytes: 4 for IPv4, 16 for IPv6. */
export interface IpAddress {
  family: 4 | 6
  bytes: readonly number[]
}

// A host can name an address in many spellings that the URL parser, `inet_aton` and `getaddrinfo`
// all accept: `2130706433`, `0177.0.0.1`, `0x7f.1`, `127.1`, `[::ffff:127.0.0.1]`. Every check of an
// address first turns the spelling into bytes, so no spelling slips past a rule written for another.

/** One part of an IPv4 host: decimal, octal with a leading 0, or hex with 0x (an empty `0x` is 0). */
function parseIpv4Part(part: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16)
  if (/^0[0-7]+$/.test(part)) return parseInt(part.slice(1), 8)
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part)
  return undefined
}

/**
 * IPv4 in every form a URL host may take (WHATWG URL's IPv4 parser, which follows `inet_aton`):
 * one to four parts, each decimal, octal or hex; the last part fills the remaining bytes, so
 * `127.1` is 127.0.0.1 and `2130706433` is 127.0.0.1. A trailing dot is allowed.
 */
function parseIpv4(text: string): IpAddress | undefined {
  const parts = text.split('.')
  if (parts.length > 1 && parts.at(-1) === '') parts.pop()
  if (parts.length === 0 || parts.length > 4) return undefined
  const numbers = parts.map(parseIpv4Part)
  if (numbers.some((n) => n === undefined || !Number.isSafeInteger(n))) return undefined
  const values = numbers as number[]
  const last = values.pop()!
  if (values.some((n) => n > 255) || last >= 256 ** (4 - values.length)) return undefined
  const bytes = [...values]
  for (let shift = 3 - values.length; shift >= 0; shift -= 1) bytes.push(Math.floor(last / 256 ** shift) % 256)
  return { family: 4, bytes }
}

/** Strict dotted IPv4 (four decimal parts), the only form allowed at the end of an IPv6 address. */
function parseDottedQuad(text: string): number[] | undefined {
  const parts = text.split('.')
  if (parts.length !== 4 || parts.some((part) => !/^(0|[1-9][0-9]{0,2})$/.test(part))) return undefined
  const bytes = parts.map(Number)
  return bytes.every((n) => n <= 255) ? bytes : undefined
}

/** Groups of an IPv6 half (`a:b:c`, or `a:b:1.2.3.4` at the end) as 16-bit numbers. */
function parseGroups(text: string, allowQuad: boolean): number[] | undefined {
  if (text === '') return []
  const groups: number[] = []
  const parts = text.split(':')
  for (const [index, part] of parts.entries()) {
    if (allowQuad && index === parts.length - 1 && part.includes('.')) {
      const quad = parseDottedQuad(part)
      if (!quad) return undefined
      groups.push(quad[0]! * 256 + quad[1]!, quad[2]! * 256 + quad[3]!)
    } else if (/^[0-9a-f]{1,4}$/i.test(part)) {
      groups.push(parseInt(part, 16))
    } else {
      return undefined
    }
  }
  return groups
}

/** IPv6 with `::` shortening, an IPv4 tail (`::ffff:127.0.0.1`) and a zone id (`fe80::1%eth0`). */
function parseIpv6(text: string): IpAddress | undefined {
  const address = text.replace(/%.*$/, '')
  const halves = address.split('::')
  if (halves.length > 2) return undefined
  const head = parseGroups(halves[0]!, halves.length === 1)
  const tail = halves.length === 2 ? parseGroups(halves[1]!, true) : []
  if (!head || !tail) return undefined
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail]
  return { family: 6, bytes: groups.flatMap((group) => [group >> 8, group & 0xff]) }
}

/**
 * The address a host names when it is an IP address in any spelling (with or without the brackets
 * of a URL), or undefined when it is a name to resolve.
 */
export function parseIpAddress(host: string): IpAddress | undefined {
  const text = host.trim()
  if (text.startsWith('[') && text.endsWith(']')) return parseIpv6(text.slice(1, -1))
  if (text.includes(':')) return parseIpv6(text)
  return parseIpv4(text)
}

/** The usual text of an address: dotted IPv4, or lower-case IPv6 with the longest zero run as `::`. */
export function formatIpAddress(address: IpAddress): string {
  const { bytes } = address
  if (address.family === 4) return bytes.join('.')
  const groups = Array.from({ length: 8 }, (_, i) => bytes[2 * i]! * 256 + bytes[2 * i + 1]!)
  let best = { start: -1, length: 1 }
  for (let start = 0; start < 8; start += 1) {
    let length = 0
    while (start + length < 8 && groups[start + length] === 0) length += 1
    if (length > best.length) best = { start, length }
  }
  const hex = groups.map((group) => group.toString(16))
  if (best.start < 0) return hex.join(':')
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`
}

export const sameIpAddress = (a: IpAddress, b: IpAddress): boolean =>
  a.family === b.family && a.bytes.every((byte, i) => byte === b.bytes[i])
