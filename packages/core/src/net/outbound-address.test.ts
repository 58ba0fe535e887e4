import { describe, expect, it } from 'vitest'
import { formatIpAddress, parseIpAddress } from './ip-address.js'
import { chooseOutboundAddress, parseAllowedHost, type AllowedHost } from './outbound-address.js'

const ip = (text: string) => parseIpAddress(text)!
const allow = (...entries: string[]): AllowedHost[] => entries.map((entry) => parseAllowedHost(entry)!)
const choose = (host: string, port: number, addresses: string[], allowed: AllowedHost[] = []) => {
  const chosen = chooseOutboundAddress({ host, port, addresses: addresses.map(ip) }, allowed)
  return chosen && formatIpAddress(chosen)
}

describe('parseAllowedHost', () => {
  it('reads names and addresses, with or without a port', () => {
    expect(parseAllowedHost('ollama.internal')).toEqual({ name: 'ollama.internal' })
    expect(parseAllowedHost('Ollama.Internal.:11434')).toEqual({ name: 'ollama.internal', port: 11434 })
    expect(parseAllowedHost('127.0.0.1:11434')).toEqual({ address: ip('127.0.0.1'), port: 11434 })
    expect(parseAllowedHost('2130706433:11434')).toEqual({ address: ip('127.0.0.1'), port: 11434 })
    expect(parseAllowedHost('[::1]:8080')).toEqual({ address: ip('::1'), port: 8080 })
    expect(parseAllowedHost('[::1]')).toEqual({ address: ip('::1') })
  })

  it('refuses what is not a host or host:port', () => {
    for (const entry of ['::1', 'http://127.0.0.1', '127.0.0.1:0', '127.0.0.1:70000', '[nope]:80', 'a:b:c', '']) {
      expect(parseAllowedHost(entry), entry).toBeUndefined()
    }
  })
})

describe('chooseOutboundAddress', () => {
  it('lets public addresses through and connects to the first one', () => {
    expect(choose('example.com', 443, ['93.184.216.34', '2606:2800:220:1::'])).toBe('93.184.216.34')
  })

  it('refuses a name when any address it resolved to is private, even among public ones', () => {
    expect(choose('evil.example', 80, ['93.184.216.34', '127.0.0.1'])).toBeUndefined()
    expect(choose('evil.example', 80, ['10.0.0.1'])).toBeUndefined()
    expect(choose('evil.example', 80, [])).toBeUndefined()
  })

  it('refuses private, loopback and metadata addresses that nobody allowed', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:7f00:1',
      '169.254.169.254',
      '10.0.0.1',
      '100.64.0.1',
      'fd00::1',
    ]) {
      expect(choose(address, 80, [address]), address).toBeUndefined()
    }
  })

  it('lets an allowed address through at the allowed port only', () => {
    const allowed = allow('127.0.0.1:11434')
    expect(choose('127.0.0.1', 11434, ['127.0.0.1'], allowed)).toBe('127.0.0.1')
    expect(choose('localhost', 11434, ['127.0.0.1'], allowed)).toBe('127.0.0.1')
    expect(choose('127.0.0.1', 11435, ['127.0.0.1'], allowed)).toBeUndefined()
    expect(choose('127.0.0.2', 11434, ['127.0.0.2'], allowed)).toBeUndefined()
    // Allowing IPv4 loopback does not allow IPv6 loopback or the IPv4-mapped form.
    expect(choose('localhost', 11434, ['::1', '127.0.0.1'], allowed)).toBeUndefined()
    expect(choose('::ffff:7f00:1', 11434, ['::ffff:7f00:1'], allowed)).toBeUndefined()
  })

  it('lets an allowed name through to whatever it resolves to, at any port when none is given', () => {
    const allowed = allow('ollama.internal', 'localhost:11434')
    expect(choose('ollama.internal', 80, ['10.0.0.7'], allowed)).toBe('10.0.0.7')
    expect(choose('OLLAMA.internal.', 11434, ['10.0.0.7'], allowed)).toBe('10.0.0.7')
    expect(choose('localhost', 11434, ['::1', '127.0.0.1'], allowed)).toBe('::1')
    expect(choose('localhost', 8080, ['127.0.0.1'], allowed)).toBeUndefined()
    expect(choose('other.internal', 80, ['10.0.0.7'], allowed)).toBeUndefined()
  })
})
