import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { addressKind, isPublicAddress } from './address-kind.js'
import { parseIpAddress } from './ip-address.js'

const kindOf = (host: string) => addressKind(parseIpAddress(host)!)

describe('addressKind', () => {
  it('names every range that does not lead to the internet', () => {
    const expected: Record<string, string> = {
      '127.0.0.1': 'loopback',
      '127.255.0.9': 'loopback',
      '::1': 'loopback',
      '0.0.0.0': 'unspecified',
      '0.1.2.3': 'unspecified',
      '::': 'unspecified',
      '10.0.0.1': 'private',
      '172.16.0.1': 'private',
      '172.31.255.255': 'private',
      '192.168.1.1': 'private',
      'fec0::1': 'private',
      '169.254.1.1': 'link-local',
      'fe80::1': 'link-local',
      '100.64.0.1': 'shared',
      '100.127.255.255': 'shared',
      'fc00::1': 'unique-local',
      'fd12:3456::1': 'unique-local',
      '::ffff:8.8.8.8': 'ipv4-mapped',
      '::ffff:127.0.0.1': 'ipv4-mapped',
      '224.0.0.1': 'multicast',
      '239.255.255.250': 'multicast',
      'ff02::1': 'multicast',
      '255.255.255.255': 'broadcast',
      '240.0.0.1': 'reserved',
      '192.0.0.192': 'reserved',
      '::127.0.0.1': 'reserved',
      '::8.8.8.8': 'reserved',
      '5f00::1': 'reserved',
      '2001:10::1': 'reserved',
      '198.18.0.1': 'benchmarking',
      '198.19.255.255': 'benchmarking',
      '2001:2::1': 'benchmarking',
      '192.0.2.1': 'documentation',
      '198.51.100.1': 'documentation',
      '203.0.113.1': 'documentation',
      '2001:db8::1': 'documentation',
      '3fff::1': 'documentation',
      '169.254.169.254': 'cloud-metadata',
      '100.100.100.200': 'cloud-metadata',
      'fd00:ec2::254': 'cloud-metadata',
    }
    for (const [host, kind] of Object.entries(expected)) expect(kindOf(host), host).toBe(kind)
  })

  it('judges an IPv6 address that carries an IPv4 one by the IPv4 address', () => {
    expect(kindOf('64:ff9b::127.0.0.1')).toBe('loopback') // NAT64
    expect(kindOf('64:ff9b::a9fe:a9fe')).toBe('cloud-metadata')
    expect(kindOf('64:ff9b:1::10.0.0.1')).toBe('private') // local-use NAT64
    expect(kindOf('2002:7f00:1::')).toBe('loopback') // 6to4
    expect(kindOf('2002:c0a8:101::1')).toBe('private')
    expect(kindOf('2001:0:4136:e378:8000:63bf:80ff:fffe')).toBe('loopback') // Teredo, client 127.0.0.1 inverted
    expect(kindOf('64:ff9b::8.8.8.8')).toBe('public')
    expect(kindOf('2002:808:808::1')).toBe('public')
  })

  it('leaves the internet public', () => {
    for (const host of [
      '8.8.8.8',
      '1.1.1.1',
      '93.184.216.34',
      '100.63.255.255',
      '100.128.0.0',
      '172.15.255.255',
      '172.32.0.0',
      '223.255.255.255',
      '2606:4700::1111',
      '2a00:1450:4001::200e',
    ]) {
      expect(kindOf(host), host).toBe('public')
    }
  })

  it('property: no address in 127/8, 10/8, 192.168/16 or 169.254/16 is public, in any spelling', () => {
    const inside = fc.tuple(
      fc.constantFrom(127 << 24, 10 << 24, (192 << 24) | (168 << 16), (169 << 24) | (254 << 16)),
      fc.nat(0xffff),
    )
    fc.assert(
      fc.property(inside, ([network, host]) => {
        const n = (network + host) >>> 0
        for (const spelling of [
          String(n),
          `0x${n.toString(16)}`,
          `0${n.toString(8)}`,
          `::ffff:${n >>> 16 === 0 ? '0' : (n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`,
        ]) {
          expect(isPublicAddress(parseIpAddress(spelling)!), spelling).toBe(false)
        }
      }),
    )
  })

  it('property: IPv6 outside 2000::/3 is never public unless it carries a public IPv4 address by NAT64', () => {
    const bytes = fc.array(fc.nat(255), { minLength: 16, maxLength: 16 }).filter((b) => (b[0]! & 0xe0) !== 0x20)
    fc.assert(
      fc.property(bytes, (b) => {
        const nat64 = b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b
        if (!nat64) expect(isPublicAddress({ family: 6, bytes: b })).toBe(false)
      }),
    )
  })
})
