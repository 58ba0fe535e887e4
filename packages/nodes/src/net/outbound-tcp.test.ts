import { afterAll, describe, expect, it } from 'vitest'
import { createOutboundGuard, type OutboundGuard } from './outbound-guard.js'
import { chooseTcpAddress, OutboundConnectionRefused } from './outbound-tcp.js'

const guards: OutboundGuard[] = []

/** A guard whose resolver knows a few made-up names, as the guard's own tests do. */
function guard(...allowedPrivateHosts: string[]): OutboundGuard {
  const made = createOutboundGuard({
    allowedPrivateHosts,
    resolve: async (name) => {
      if (name === 'db.internal') return ['10.1.2.3']
      if (name === 'db.example') return ['93.184.216.34']
      if (name === 'mixed.example') return ['93.184.216.34', '127.0.0.1']
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' })
    },
  })
  guards.push(made)
  return made
}

afterAll(() => Promise.all(guards.map((made) => made.close())))

describe("connections beside the outbound guard's fetch (PostgreSQL)", () => {
  it('answers the checked address of a public name, and the address itself for an address', async () => {
    const { fetch } = guard()
    expect(await chooseTcpAddress(fetch, 'db.example', 5432)).toBe('93.184.216.34')
    expect(await chooseTcpAddress(fetch, '93.184.216.34', 5432)).toBe('93.184.216.34')
  })

  it('refuses private addresses, and names that also resolve to one, in the same words for all', async () => {
    const { fetch } = guard()
    for (const host of [
      '127.0.0.1',
      '[::1]',
      '10.1.2.3',
      'db.internal',
      'mixed.example',
      'unknown.example',
      '0x7f.1',
    ]) {
      const refused = chooseTcpAddress(fetch, host, 5432)
      await expect(refused, host).rejects.toBeInstanceOf(OutboundConnectionRefused)
      await expect(refused, host).rejects.toThrow(/the address is private, unreachable or refused the connection/)
    }
  })

  it("follows the guard's allowed hosts: by name, by address, and by port", async () => {
    const byName = guard('db.internal').fetch
    expect(await chooseTcpAddress(byName, 'db.internal', 5432)).toBe('10.1.2.3')
    const byPort = guard('127.0.0.1:5432').fetch
    expect(await chooseTcpAddress(byPort, '127.0.0.1', 5432)).toBe('127.0.0.1')
    await expect(chooseTcpAddress(byPort, '127.0.0.1', 5433)).rejects.toThrow(
      /adding 127\.0\.0\.1:5433 to WEFT_ALLOWED_PRIVATE_HOSTS/,
    )
  })

  it('allows public addresses only for a fetch that is not a guard’s', async () => {
    const plain: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init)
    await expect(chooseTcpAddress(plain, '127.0.0.1', 5432)).rejects.toBeInstanceOf(OutboundConnectionRefused)
    expect(await chooseTcpAddress(plain, '93.184.216.34', 5432)).toBe('93.184.216.34')
  })
})
