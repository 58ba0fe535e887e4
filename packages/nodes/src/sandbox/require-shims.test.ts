import { createHash, createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import querystring from 'node:querystring'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOutboundGuard, type OutboundGuard } from '../net/outbound-guard.js'
import { runNode, testRun } from '../runtime/test-run.js'
import customTool from '../tools/custom-tool.node.js'
import { runInQuickJS } from './run-in-quickjs.js'
import { closeSandbox, runUserCode } from './run-user-code.js'

// Custom code written for Flowise requires Node built-ins and axios/node-fetch; in Weft the same
// code gets the sandbox's own shims. Each answer is checked against what Node itself gives.

let server: Server
let base: string
let guard: OutboundGuard
const seen: Array<{ method: string; url: string; type: string; body: string }> = []

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, type: request.headers['content-type'] ?? '', body })
      if (request.url!.startsWith('/missing')) return response.writeHead(404).end('no such thing')
      response.writeHead(200, { 'content-type': 'application/json', 'x-order': '7' })
      response.end(JSON.stringify({ method: request.method, url: request.url, echoed: body }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`
  base = `http://${host}`
  guard = createOutboundGuard({ allowedPrivateHosts: [host] })
})

afterAll(async () => {
  server.close()
  await guard.close()
  await closeSandbox()
})

/** On this thread, with fetch through a guard that allows the test's server. */
async function run(code: string, globals: Record<string, unknown> = {}): Promise<unknown> {
  const json = await runInQuickJS({
    code,
    globalsJson: JSON.stringify(globals),
    timeoutMs: 5000,
    stopped: () => false,
    fetch: guard.fetch,
  })
  return (JSON.parse(json) as { value?: unknown }).value
}

describe("require in the sandbox's custom code", () => {
  it('crypto: hashes, HMACs and encodings as Node computes them; random bytes and UUIDs', async () => {
    const text = 'héllo wörld ✓'
    const value = await run(
      `const crypto = require('crypto')
      const { Buffer } = require('buffer')
      return {
        md5: crypto.createHash('md5').update($text).digest('hex'),
        sha1: crypto.createHash('sha1').update($text).digest('base64'),
        sha256: crypto.createHash('sha256').update($text.slice(0, 3)).update($text.slice(3)).digest('hex'),
        sha512: crypto.createHash('SHA512').update(Buffer.from([0, 255, 128])).digest('hex'),
        hmac: crypto.createHmac('sha256', 'secret').update($text).digest('hex'),
        hmacBytes: crypto.createHmac('sha1', Buffer.from('6b6579', 'hex')).update('m').digest().toString('hex'),
        uuid: crypto.randomUUID(),
        random: [crypto.randomBytes(16).length, crypto.randomBytes(8).toString('hex').length],
        // 0 bytes come back whole: 200 digests as Buffers, and 4,000 random bytes (about 16 of them 0)
        whole: [Array.from({ length: 200 }, (_, i) => crypto.createHash('sha256').update(String(i)).digest().length).every((n) => n === 32),
          crypto.randomBytes(4000).length, crypto.createHash('md5').update('a' + String.fromCharCode(0) + 'b').digest('hex')],
        twice: (() => { const h = crypto.createHash('md5'); h.digest(); try { h.digest() } catch (e) { return e.message } })(),
        unknown: (() => { try { crypto.createHash('whirlpool') } catch (e) { return e.message } })(),
      }`,
      { $text: text },
    )
    expect(value).toEqual({
      md5: createHash('md5').update(text).digest('hex'),
      sha1: createHash('sha1').update(text).digest('base64'),
      sha256: createHash('sha256').update(text).digest('hex'),
      sha512: createHash('sha512')
        .update(Buffer.from([0, 255, 128]))
        .digest('hex'),
      hmac: createHmac('sha256', 'secret').update(text).digest('hex'),
      hmacBytes: createHmac('sha1', 'key').update('m').digest('hex'),
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      random: [16, 16],
      whole: [true, 4000, createHash('md5').update('a\0b').digest('hex')],
      twice: 'crypto: digest() was already called on this hash',
      unknown: expect.stringContaining('the digest "whirlpool" is not available'),
    })
  })

  it('buffer: from and toString in utf8, base64, hex and latin1, byteLength, concat, isBuffer', async () => {
    const text = 'naïve € 😀'
    const value = await run(
      `const { Buffer } = require('buffer')
      const b = Buffer.from($text)
      return [b.toString('base64'), b.toString('hex'), Buffer.from(b.toString('base64'), 'base64').toString('utf8'),
        Buffer.from(b.toString('hex'), 'hex').toString(), Buffer.byteLength($text), b.length,
        Buffer.concat([Buffer.from('ab'), Buffer.from('cd')]).toString(), Buffer.isBuffer(b), Buffer.isBuffer('x'),
        Buffer.from('hi').toString('base64url'), Buffer.from([0xe9]).toString('latin1'), JSON.stringify(Buffer.from('A'))]`,
      { $text: text },
    )
    const b = Buffer.from(text)
    expect(value).toEqual([
      b.toString('base64'),
      b.toString('hex'),
      text,
      text,
      Buffer.byteLength(text),
      b.length,
      'abcd',
      true,
      false,
      Buffer.from('hi').toString('base64url'),
      'é',
      JSON.stringify(Buffer.from('A')),
    ])
  })

  it('path (POSIX) and querystring answer as Node does', async () => {
    const value = (await run(`const path = require('path'); const qs = require('querystring')
      return [path.join('/a/b', '../c', 'd.txt'), path.resolve('/x', 'y', '..', 'z'), path.basename('/a/b.txt', '.txt'),
        path.dirname('/a/b/c/'), path.extname('f.tar.gz'), path.normalize('a//b/../c/'), path.relative('/a/b/c', '/a/d/e'),
        path.isAbsolute('a'), path.sep, qs.parse('a=1&b=x%20y+z&a=2'), qs.stringify({ q: 'tea & cake', n: [1, 2] }),
        qs.escape('a b/ü'), qs.unescape('a%20b')]`)) as unknown[]
    expect(value).toEqual([
      path.posix.join('/a/b', '../c', 'd.txt'),
      path.posix.resolve('/x', 'y', '..', 'z'),
      path.posix.basename('/a/b.txt', '.txt'),
      path.posix.dirname('/a/b/c/'),
      path.posix.extname('f.tar.gz'),
      path.posix.normalize('a//b/../c/'),
      path.posix.relative('/a/b/c', '/a/d/e'),
      false,
      '/',
      { ...querystring.parse('a=1&b=x%20y+z&a=2') },
      querystring.stringify({ q: 'tea & cake', n: [1, 2] }),
      querystring.escape('a b/ü'),
      'a b',
    ])
  })

  it('url: URL with searchParams, URLSearchParams, and the legacy parse and format', async () => {
    const value = await run(`const { URL, URLSearchParams, parse, format } = require('url')
      const u = new URL('/search?q=1', 'https://user@example.com:8443')
      u.searchParams.set('lang', 'pt br')
      u.hash = 'top'
      let invalid
      try { new URL('not a url') } catch (e) { invalid = e.name + ': ' + e.message }
      return [u.href, u.origin, u.port, u.searchParams.get('q'), String(new URLSearchParams({ a: 'x&y' })), invalid,
        parse('http://h.com/p?x=1', true).query, format({ protocol: 'https', hostname: 'h.com', pathname: '/p', query: { a: 1 } })]`)
    expect(value).toEqual([
      'https://user@example.com:8443/search?q=1&lang=pt+br#top',
      'https://example.com:8443',
      '8443',
      '1',
      'a=x%26y',
      'TypeError: Invalid URL',
      { x: '1' },
      'https://h.com/p?a=1',
    ])
  })

  it('events and assert', async () => {
    const value = await run(`const EventEmitter = require('events'); const assert = require('assert')
      class Orders extends EventEmitter {}
      const orders = new Orders(); const seen = []
      const listener = (id) => seen.push('on ' + id)
      orders.on('order', listener); orders.once('order', (id) => seen.push('once ' + id))
      orders.emit('order', 1); orders.off('order', listener); orders.emit('order', 2)
      assert(true); assert.equal(1, '1'); assert.deepStrictEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })
      assert.throws(() => { throw new TypeError('bad') }, TypeError)
      const failures = []
      for (const check of [() => assert.strictEqual(1, 2), () => assert.deepStrictEqual([1], ['1']), () => assert.ok(0, 'must be set')]) {
        try { check() } catch (e) { failures.push(e.name + ': ' + e.message) }
      }
      return { seen, count: orders.listenerCount('order'), failures }`)
    expect(value).toEqual({
      seen: ['on 1', 'once 1'],
      count: 0,
      failures: [
        'AssertionError: Expected values to be strictly equal: 1 !== 2',
        'AssertionError: Expected values to be strictly deep-equal: [1] and ["1"]',
        'AssertionError: must be set',
      ],
    })
  })

  it('axios and node-fetch go through the guarded fetch: JSON in and out, every status answered', async () => {
    seen.length = 0
    const value = await run(
      `const axios = require('axios'); const fetch2 = require('node-fetch')
      const got = await axios.get($base + '/items', { params: { q: 'tea cups' } })
      const posted = await axios.post($base + '/orders', { id: 7 })
      const missing = await axios({ method: 'delete', url: $base + '/missing' })
      const viaFetch = await (await fetch2($base + '/plain', { method: 'PUT', body: 'x=1' })).json()
      return { got: [got.status, got.data.url, got.headers['x-order']], posted: posted.data.echoed,
        missing: [missing.status, missing.data], viaFetch: viaFetch.method, same: require('node-fetch').default === fetch2 }`,
      { $base: base },
    )
    expect(value).toEqual({
      got: [200, '/items?q=tea+cups', '7'],
      posted: '{"id":7}',
      missing: [404, 'no such thing'],
      viaFetch: 'PUT',
      same: true,
    })
    expect(seen.map((request) => [request.method, request.type])).toEqual([
      ['GET', ''],
      ['POST', 'application/json'],
      ['DELETE', ''],
      ['PUT', 'text/plain;charset=UTF-8'],
    ])
  })

  it('axios keeps to the guard and to 20 requests a run', async () => {
    await expect(run(`return (await require('axios').get('http://127.0.0.1:1/')).status`)).rejects.toThrow(
      /Weft could not reach/,
    )
    await expect(
      run(`const axios = require('axios'); for (let i = 0; i < 21; i++) await axios.get($base + '/n' + i)`, {
        $base: base,
      }),
    ).rejects.toThrow('custom code may make at most 20 requests in a run')
  })

  it('names the module it cannot give, and what it can', async () => {
    const available = 'available: assert, axios, buffer, crypto, events, node-fetch, path, querystring, url'
    for (const [name, why] of [
      ['zlib', ' (compression is not offered to custom code)'],
      ['timers', ' (custom code here has no timers, and runs within its time limit)'],
      ['fs', ''],
      ['child_process', ''],
      ['node:os', ''],
    ] as const) {
      await expect(run(`return require('${name}')`)).rejects.toThrow(
        `Custom code failed: Error: require('${name}') is not available in Weft's sandbox${why}; ${available}`,
      )
    }
    await expect(run('return require(42)')).rejects.toThrow('require: name the module as text')
  })

  it('through the worker pool: the same shims, node: names, one module per run, no fetch when the code gets none', async () => {
    const code = `const c = require('node:crypto'); return [c === require('crypto'), c.createHash('sha256').update('abc').digest('hex'),
      require('path').join('a', 'b'), require('buffer').Buffer.from('hi').toString('hex')]`
    await expect(runUserCode(code, {})).resolves.toEqual([
      true,
      createHash('sha256').update('abc').digest('hex'),
      'a/b',
      '6869',
    ])
    await expect(runUserCode(`return require('axios')`, {}, { fetch: false })).rejects.toThrow(
      "require('axios'): this custom code may not make requests (it has no fetch)",
    )
  })

  it('a custom tool the model calls requires crypto and path', async () => {
    const tool = (await runNode(
      customTool,
      {
        customToolName: 'file_fingerprint',
        customToolFunc: `const { createHash } = require('crypto'); const path = require('path')
          return { file: path.basename($file), md5: createHash('md5').update($file).digest('hex') }`,
      },
      testRun(),
    )) as { execute: (input: Record<string, unknown>, signal: AbortSignal) => Promise<string> }
    const answer = await tool.execute({ file: '/data/report.pdf' }, new AbortController().signal)
    expect(JSON.parse(answer)).toEqual({
      file: 'report.pdf',
      md5: createHash('md5').update('/data/report.pdf').digest('hex'),
    })
  })

  it('loads a module only when required: a trivial run stays fast', async () => {
    await runUserCode('return 1', {})
    const time = async (code: string) => {
      const start = performance.now()
      for (let i = 0; i < 20; i++) await runUserCode(code, {})
      return (performance.now() - start) / 20
    }
    const plain = await time('return 1')
    const withCrypto = await time(`return require('crypto').createHash('md5').update('x').digest('hex')`)
    // Requiring crypto (and the buffer it uses) compiles two shims: a few milliseconds at most.
    expect(withCrypto - plain).toBeLessThan(15)
  })
})
