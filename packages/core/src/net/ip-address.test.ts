import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatIpAddress, parseIpAddress, sameIpAddress } from './ip-address.js'

const text = (host: string) => {
  const address = parseIpAddress(host)
  return address && formatIpAddress(address)
}

describe('parseIpAddress', () => {
  it('reads every spelling of 127.0.0.1 that a URL, inet_aton or getaddrinfo accepts', () => {
    for (const host of [
      '127.0.0.1',
      '127.0.0.1.',
      '2130706433',
      '017700000001',
      '0x7f000001',
      '0X7F000001',
      '0177.0.0.1',
      '0x7f.0.0.1',
      '0x7f.1',
      '127.1',
      '127.0.1',
      '0177.0x0.00.1',
    ]) {
      expect(text(host), host).toBe('127.0.0.1')
    }
  })

  it('reads the short and empty forms', () => {
    expect(text('0')).toBe('0.0.0.0')
    expect(text('0x')).toBe('0.0.0.0')
    expect(text('10.1')).toBe('10.0.0.1')
    expect(text('169.254.43518')).toBe('169.254.169.254')
    expect(text('2852039166')).toBe('169.254.169.254')
    expect(text('4294967295')).toBe('255.255.255.255')
  })

  it('reads IPv6 with brackets, shortening, an IPv4 tail and a zone id', () => {
    expect(text('[::1]')).toBe('::1')
    expect(text('::1')).toBe('::1')
    expect(text('[::ffff:127.0.0.1]')).toBe('::ffff:7f00:1')
    expect(text('::ffff:7f00:1')).toBe('::ffff:7f00:1')
    expect(text('[0:0:0:0:0:ffff:7f00:0001]')).toBe('::ffff:7f00:1')
    expect(text('[fe80::1%eth0]')).toBe('fe80::1')
    expect(text('[fe80::1%25eth0]')).toBe('fe80::1')
    expect(text('FD00:EC2::254')).toBe('fd00:ec2::254')
    expect(text('::')).toBe('::')
    expect(text('1:2:3:4:5:6:7:8')).toBe('1:2:3:4:5:6:7:8')
    expect(text('1:0:0:4:0:0:0:8')).toBe('1:0:0:4::8')
    expect(text('1:2:3:4:5:6:1.2.3.4')).toBe('1:2:3:4:5:6:102:304')
  })

  it('answers undefined for names and for text that is not an address', () => {
    for (const host of [
      'localhost',
      'example.com',
      '1.2.3.4.5',
      '256.0.0.1',
      '4294967296',
      '08.0.0.1',
      '1.2.3.x',
      '',
      '[example.com]',
      '1::2::3',
      ':::',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      '::ffff:1.2.3',
      '::ffff:0x7f.0.0.1',
      '12345::',
    ]) {
      expect(parseIpAddress(host), host).toBeUndefined()
    }
  })

  it('property: the usual text of an address reads back as the same address', () => {
    const v4 = fc.array(fc.nat(255), { minLength: 4, maxLength: 4 }).map((bytes) => ({ family: 4 as const, bytes }))
    const v6 = fc
      .array(fc.oneof(fc.constant(0), fc.nat(255)), { minLength: 16, maxLength: 16 })
      .map((bytes) => ({ family: 6 as const, bytes }))
    fc.assert(
      fc.property(fc.oneof(v4, v6), (address) => {
        const read = parseIpAddress(formatIpAddress(address))
        expect(read && sameIpAddress(read, address)).toBe(true)
      }),
    )
  })

  it('property: decimal, hex and octal spellings of one IPv4 address read the same', () => {
    fc.assert(
      fc.property(fc.nat(0xffffffff), (n) => {
        const bytes = [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]
        const dotted = bytes.join('.')
        for (const spelling of [
          String(n),
          `0x${n.toString(16)}`,
          `0${n.toString(8)}`,
          bytes.map((b) => `0x${b.toString(16)}`).join('.'),
          bytes.map((b) => `0${b.toString(8)}`).join('.'),
          `${bytes[0]}.${(n & 0xffffff).toString()}`,
          `${bytes[0]}.${bytes[1]}.${(n & 0xffff).toString()}`,
        ]) {
          expect(text(spelling), spelling).toBe(dotted)
        }
      }),
    )
  })

  it('property: reads numeric hosts exactly as the WHATWG URL parser does', () => {
    const part = fc.oneof(
      fc.nat(300).map(String),
      fc.nat(0xffffffff).map(String),
      fc.nat(0xffff).map((n) => `0x${n.toString(16)}`),
      fc.nat(0o777).map((n) => `0${n.toString(8)}`),
      fc.constantFrom('0x', '08', '', 'x'),
    )
    const host = fc.array(part, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('.'))
    fc.assert(
      fc.property(host, (written) => {
        let viaUrl: string | undefined
        try {
          viaUrl = new URL(`http://${written}/`).hostname
        } catch {
          viaUrl = undefined
        }
        const ours = text(written)
        if (ours !== undefined) expect(viaUrl).toBe(ours)
        if (viaUrl !== undefined && /^\d+\.\d+\.\d+\.\d+$/.test(viaUrl)) expect(ours).toBe(viaUrl)
      }),
    )
  })
})
