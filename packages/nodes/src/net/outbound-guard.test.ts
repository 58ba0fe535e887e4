import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createOutboundGuard, type OutboundGuard } from './outbound-guard.js'
import { OutboundRequestRefused } from './outbound-refused.error.js'

interface Listener {
  port: number
  requests: IncomingMessage[]
  server: Server
}

async function listen(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<Listener> {
  const requests: IncomingMessage[] = []
  const server = createServer((request, response) => {
    requests.push(request)
    handle(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { port: (server.address() as AddressInfo).port, requests, server }
}

let target: Listener
let hopper: Listener
let closedPort: number
const guards: OutboundGuard[] = []

/** A guard that resolves the made-up `rebind.example` to loopback and anything else to nothing. */
function guard(...allowedPrivateHosts: string[]): OutboundGuard {
  const made = createOutboundGuard({
    allowedPrivateHosts,
    resolve: async (name) => {
      if (name === 'rebind.example') return ['127.0.0.1']
      if (name === 'mixed.example') return ['93.184.216.34', '127.0.0.1']
      if (name === 'localhost') return ['127.0.0.1']
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' })
    },
  })
  guards.push(made)
  return made
}

const refusal = (url: string) => {
  const { origin, host } = new URL(url)
  return `Weft could not reach ${origin}: the address is private, unreachable or refused the connection. An administrator can allow a private host by adding ${host} to WEFT_ALLOWED_PRIVATE_HOSTS.`
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof Error)) throw new Error('expected the request to fail')
  return error
}

beforeAll(async () => {
  target = await listen((request, response) => {
    response.setHeader('content-type', 'text/plain')
    response.end(`secret of ${request.url}`)
  })
  hopper = await listen((request, response) => {
    const to = new URL(request.url!, 'http://x').searchParams.get('to')!
    response.writeHead(Number(new URL(request.url!, 'http://x').searchParams.get('status') ?? 302), { location: to })
    response.end()
  })
  const closed = await listen(() => undefined)
  closedPort = closed.port
  await new Promise((resolve) => closed.server.close(resolve))
})

afterEach(async () => {
  target.requests.length = 0
  hopper.requests.length = 0
  await Promise.all(guards.splice(0).map((made) => made.close()))
})

afterAll(async () => {
  await Promise.all([target, hopper].map(({ server }) => new Promise((resolve) => server.close(resolve))))
})

describe('createOutboundGuard', () => {
  it('refuses loopback in every spelling, and names that resolve to it, before anything reaches it', async () => {
    const { fetch } = guard()
    const p = target.port
    for (const url of [
      `http://127.0.0.1:${p}/a`,
      `http://2130706433:${p}/a`,
      `http://0x7f.1:${p}/a`,
      `http://0x7f000001:${p}/a`,
      `http://0177.0.0.1:${p}/a`,
      `http://127.1:${p}/a`,
      `http://[::ffff:127.0.0.1]:${p}/a`,
      `http://[::1]:${p}/a`,
      `http://localhost:${p}/a`,
      `http://rebind.example:${p}/a`,
      `http://mixed.example:${p}/a`,
    ]) {
      const error = await failure(fetch(url))
      expect(error, url).toBeInstanceOf(OutboundRequestRefused)
      expect(error.message).toBe(refusal(url))
    }
    expect(target.requests).toHaveLength(0)
  })

  it('refuses cloud metadata, private and other non-public addresses without connecting', async () => {
    // No socket is opened for these: the refusal comes from the check, before any connection.
    const sockets: unknown[] = []
    const onSocket = (message: unknown) => sockets.push(message)
    subscribe('net.client.socket', onSocket)
    const { fetch } = guard()
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://100.100.100.200/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://224.0.0.1/',
      'http://0.0.0.0/',
      'http://[64:ff9b::a9fe:a9fe]/',
    ]) {
      const error = await failure(fetch(url))
      expect(error.message, url).toBe(refusal(url))
    }
    unsubscribe('net.client.socket', onSocket)
    expect(sockets).toEqual([])
  })

  it('answers an unreachable name and a closed allowed port with the same message as a refused address', async () => {
    const { fetch } = guard(`127.0.0.1:${closedPort}`)
    expect((await failure(fetch(`http://127.0.0.1:${closedPort}/`))).message).toBe(
      refusal(`http://127.0.0.1:${closedPort}/`),
    )
    expect((await failure(fetch('http://nowhere.example/'))).message).toBe(refusal('http://nowhere.example/'))
    const refused = await failure(guard().fetch(`http://127.0.0.1:${closedPort}/`))
    expect(refused.message).toBe(refusal(`http://127.0.0.1:${closedPort}/`))
  })

  it('reaches a host the administrator allowed, at that port only', async () => {
    const { fetch } = guard(`127.0.0.1:${target.port}`)
    const response = await fetch(`http://127.0.0.1:${target.port}/models`)
    expect(await response.text()).toBe('secret of /models')
    expect(await (await fetch(`http://2130706433:${target.port}/again`)).text()).toBe('secret of /again')
    await expect(fetch(`http://127.0.0.1:${hopper.port}/`)).rejects.toBeInstanceOf(OutboundRequestRefused)
  })

  it('allows a name by name, and refuses the address it resolves to when that is written instead', async () => {
    const { fetch } = guard('rebind.example')
    expect(await (await fetch(`http://rebind.example:${target.port}/named`)).text()).toBe('secret of /named')
    await expect(fetch(`http://127.0.0.1:${target.port}/`)).rejects.toBeInstanceOf(OutboundRequestRefused)
  })

  it('connects to the address it checked, so a name that answers differently next time (DNS rebinding) fails', async () => {
    const checked = createServer((_request, response) => response.end('checked address'))
    await new Promise<void>((resolve) => checked.listen(target.port, '127.0.0.2', resolve))
    const lookups: string[] = []
    const answers = [['127.0.0.2'], ['127.0.0.1']]
    const made = createOutboundGuard({
      allowedPrivateHosts: ['127.0.0.2'],
      resolve: async (name) => {
        lookups.push(name)
        return answers[Math.min(lookups.length - 1, 1)]!
      },
    })
    guards.push(made)
    const response = await made.fetch(`http://flip.example:${target.port}/`)
    expect(await response.text()).toBe('checked address')
    expect(lookups).toEqual(['flip.example'])
    expect(target.requests).toHaveLength(0)
    await new Promise((resolve) => checked.close(resolve))
  })

  it('checks every redirect: an allowed host cannot send the request on to a private one', async () => {
    const { fetch } = guard(`127.0.0.1:${hopper.port}`)
    const to = `http://127.0.0.1:${target.port}/inside`
    const error = await failure(fetch(`http://127.0.0.1:${hopper.port}/?to=${encodeURIComponent(to)}`))
    expect(error.message).toBe(refusal(to))
    const viaName = `http://rebind.example:${target.port}/inside`
    await expect(fetch(`http://127.0.0.1:${hopper.port}/?to=${encodeURIComponent(viaName)}`)).rejects.toBeInstanceOf(
      OutboundRequestRefused,
    )
    expect(target.requests).toHaveLength(0)
    expect(hopper.requests).toHaveLength(2)
  })

  it('follows allowed redirects as fetch does, without credentials across origins', async () => {
    const { fetch } = guard(`127.0.0.1:${hopper.port}`, `127.0.0.1:${target.port}`)
    const to = `http://127.0.0.1:${target.port}/landed`
    const hop = (status: number) => `http://127.0.0.1:${hopper.port}/?status=${status}&to=${encodeURIComponent(to)}`
    const headers = { authorization: 'Bearer sk-secret', 'x-api-key': 'sk-secret', accept: 'text/plain' }

    const seeOther = await fetch(hop(303), { method: 'POST', headers, body: 'question' })
    expect(await seeOther.text()).toBe('secret of /landed')
    const temporary = await fetch(hop(307), { method: 'POST', headers, body: 'question' })
    expect(await temporary.text()).toBe('secret of /landed')

    const [afterSeeOther, afterTemporary] = target.requests
    expect(afterSeeOther!.method).toBe('GET')
    expect(afterTemporary!.method).toBe('POST')
    for (const request of [afterSeeOther!, afterTemporary!]) {
      expect(request.headers.authorization).toBeUndefined()
      expect(request.headers['x-api-key']).toBeUndefined()
      expect(request.headers.accept).toBe('text/plain')
    }
    const manual = await fetch(hop(302), { redirect: 'manual' })
    expect(manual.status).toBe(302)
  })

  it('stops after five redirects', async () => {
    const { fetch } = guard(`127.0.0.1:${hopper.port}`)
    let url = `http://127.0.0.1:${hopper.port}/?to=end`
    for (let i = 0; i < 6; i += 1) url = `http://127.0.0.1:${hopper.port}/?to=${encodeURIComponent(url)}`
    await expect(fetch(url)).rejects.toThrow('redirected more than 5 times')
  })

  it('calls only http and https', async () => {
    await expect(guard().fetch('file:///etc/passwd')).rejects.toThrow(
      'Only http and https addresses can be called, not file:',
    )
  })

  it("stops when the caller's signal aborts, with the signal's reason", async () => {
    const silent = await listen(() => undefined)
    const { fetch } = guard(`127.0.0.1:${silent.port}`)
    const stop = new AbortController()
    const pending = fetch(`http://127.0.0.1:${silent.port}/`, { signal: stop.signal })
    await new Promise<void>((resolve) => {
      if (silent.requests.length > 0) resolve()
      else silent.server.once('request', () => resolve())
    })
    stop.abort()
    expect((await failure(pending)).name).toBe('AbortError')
    silent.server.closeAllConnections()
    await new Promise((resolve) => silent.server.close(resolve))
  })
})
