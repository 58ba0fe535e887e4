import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { readBody } from '../testing/mock-http.js'
import { MAX_FETCHES } from './sandbox-fetch.js'
import { createSandboxPool, type SandboxPool } from './sandbox-pool.js'

// User code's `fetch`, through the real worker: it reaches what the outbound guard allows and
// nothing else, its answers are plain data, and it stays inside the run's limits.

interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

async function startServer(
  handle: (request: IncomingMessage, body: string) => [number, Record<string, string>, string] | undefined,
) {
  const received: Received[] = []
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body })
      const answer = handle(request, body)
      if (!answer) return // the answer never comes
      const [status, headers, text] = answer
      response.writeHead(status, headers).end(text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`
  return { server, host, url: `http://${host}`, received }
}

const valueOf = (json: string) => (JSON.parse(json) as { value: unknown }).value
const refusal = (origin: string) => `Weft could not reach ${origin}: the address is private, unreachable or refused`

describe("user code's fetch", () => {
  let service: Awaited<ReturnType<typeof startServer>>
  let inside: Awaited<ReturnType<typeof startServer>>
  let pool: SandboxPool
  const run = (code: string, timeoutMs = 5000, signal?: AbortSignal) =>
    pool.run({ code, globalsJson: JSON.stringify({ $base: service.url }), timeoutMs }, signal).then(valueOf)

  beforeAll(async () => {
    // A private service the administrator did not allow: nothing may reach it.
    inside = await startServer(() => [200, {}, 'inside secret'])
    service = await startServer((request, body) => {
      if (request.url === '/never') return undefined
      if (request.url === '/big') return [200, {}, 'x'.repeat(5 * 1024 * 1024 + 1)]
      if (request.url === '/to-inside') return [302, { location: `${inside.url}/stolen` }, '']
      if (request.url === '/missing') return [404, { 'content-type': 'text/plain' }, 'no such order']
      const echo = { method: request.method, path: request.url, body, auth: request.headers.authorization ?? null }
      return [201, { 'content-type': 'application/json', 'x-Order': 'A-1' }, JSON.stringify(echo)]
    })
  })
  afterEach(() => pool.close())
  afterAll(() => {
    for (const { server } of [service, inside]) {
      server.closeAllConnections()
      server.close()
    }
  })

  it('sends the method, headers and body, and answers status, headers, text and JSON', async () => {
    pool = createSandboxPool({ threads: 1, queue: 4, allowedPrivateHosts: [service.host] })
    const answer = await run(`
      const response = await fetch($base + '/orders', {
        method: 'POST',
        headers: { authorization: 'Bearer t0k', 'content-type': 'application/json' },
        body: JSON.stringify({ item: 'tea' }),
      })
      return {
        ok: response.ok, status: response.status, statusText: response.statusText,
        type: response.headers.get('Content-Type'), order: response.headers['x-order'], has: response.headers.has('x-order'),
        json: await response.json(),
        missing: await fetch($base + '/missing').then(async (r) => [r.ok, r.status, await r.text()]),
      }`)
    expect(answer).toEqual({
      ok: true,
      status: 201,
      statusText: 'Created',
      type: 'application/json',
      order: 'A-1',
      has: true,
      json: { method: 'POST', path: '/orders', body: '{"item":"tea"}', auth: 'Bearer t0k' },
      missing: [false, 404, 'no such order'],
    })
  })

  it('runs requests side by side, and turns down requests past the limit of a run', async () => {
    pool = createSandboxPool({ threads: 1, queue: 4, allowedPrivateHosts: [service.host] })
    await expect(
      run(
        `return (await Promise.all([1, 2, 3].map((n) => fetch($base + '/n' + n).then((r) => r.json())))).map((a) => a.path)`,
      ),
    ).resolves.toEqual(['/n1', '/n2', '/n3'])
    const before = service.received.length
    await expect(
      run(`let made = 0
        try { for (;;) { await fetch($base + '/again'); made++ } } catch (error) { return made + ': ' + error.message }`),
    ).resolves.toBe(`${MAX_FETCHES}: fetch: custom code may make at most ${MAX_FETCHES} requests in a run`)
    expect(service.received.length - before).toBe(MAX_FETCHES)
  })

  it('refuses private addresses unless the administrator allowed them, redirects included', async () => {
    pool = createSandboxPool({ threads: 1, queue: 4 })
    const before = service.received.length
    await expect(run('return await fetch($base + "/orders")')).rejects.toThrow(refusal(service.url))
    expect(service.received.length).toBe(before)
    await pool.close()

    pool = createSandboxPool({ threads: 1, queue: 4, allowedPrivateHosts: [service.host] })
    await expect(run(`return await fetch('${inside.url}/direct')`)).rejects.toThrow(refusal(inside.url))
    await expect(run('return await fetch($base + "/to-inside")')).rejects.toThrow(refusal(inside.url))
    await expect(run('return await fetch("http://169.254.169.254/latest/meta-data/")')).rejects.toThrow(
      refusal('http://169.254.169.254'),
    )
    await expect(run('return await fetch("file:///etc/passwd")')).rejects.toThrow(
      'Custom code failed: TypeError: Only http and https addresses can be called, not file:',
    )
    expect(inside.received).toEqual([])
  })

  it('stops reading an answer past 5 MB, saying so', async () => {
    pool = createSandboxPool({ threads: 1, queue: 4, allowedPrivateHosts: [service.host] })
    await expect(run('return (await fetch($base + "/big")).status')).rejects.toThrow(
      `Custom code failed: TypeError: fetch: the answer of ${service.url} is larger than 5 MB, the most custom code can read`,
    )
  })

  it('counts the waiting in the time limit, and a stop ends the wait', async () => {
    pool = createSandboxPool({ threads: 1, queue: 4, allowedPrivateHosts: [service.host], graceMs: 60_000 })
    await expect(run('await fetch($base + "/never"); return "answered"', 300)).rejects.toThrow(
      'Custom code took longer than 300 ms',
    )
    // No time limit and no watchdog within the test: only the stop can end this wait.
    const controller = new AbortController()
    const waiting = run('await fetch($base + "/never"); return "answered"', 60_000, controller.signal)
    const next = run('return "next"')
    setTimeout(() => controller.abort(new Error('The run was stopped')), 200)
    await expect(waiting).rejects.toThrow('The run was stopped')
    await expect(next).resolves.toBe('next')
  })

  it('says what is wrong with a request it cannot send', async () => {
    pool = createSandboxPool({ threads: 1, queue: 4, allowedPrivateHosts: [service.host] })
    const failures = await run(`
      const attempts = [
        () => fetch('orders'),
        () => fetch($base, { body: { item: 'tea' } }),
        () => fetch($base, { headers: { 'bad name': 'x' } }),
        () => fetch($base, 'POST'),
      ]
      const messages = []
      for (const attempt of attempts) await attempt().catch((error) => messages.push(error.message))
      return messages`)
    expect(failures).toEqual([
      'fetch: "orders" is not a web address',
      'fetch: body must be text; send an object as JSON.stringify(value)',
      'Headers.append: "bad name" is an invalid header name.',
      'fetch: its options must be an object such as { method: "POST", body: "..." }',
    ])
  })
})
