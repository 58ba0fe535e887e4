import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOutboundGuard, type OutboundGuard } from '../net/outbound-guard.js'
import { runNode, testRun } from '../runtime/test-run.js'
import customTool from '../tools/custom-tool.node.js'
import { runInQuickJS } from './run-in-quickjs.js'
import { closeSandbox } from './run-user-code.js'
import { createSandboxPool, type SandboxPool } from './sandbox-pool.js'
import { escapeAttacks, ESCAPED, TIME_LIMIT_MS, type Attack } from '../testing/sandbox-escapes.js'
import { UserCodeError } from './user-code-error.js'

// Published escapes from vm2 and Node's `vm` (constructor chains, host errors, prototype pollution,
// stack, Proxy, promise and Symbol.species tricks), plus loops, memory bombs, deep recursion, huge
// answers and attempts on the host's modules, files and network, adapted to this sandbox. Every
// attack runs twice: on this thread (QuickJS inside the test's own process, so its globals can be
// checked) and through the worker pool the server uses. An attack must fail with a clear
// UserCodeError or give a harmless value, and leave no trace on the host: no changed global or
// prototype, no file written, no private service called. The suite counts the escapes: none.
// On this thread, whose stack is smaller than a pool worker's, code nested 100,000 deep overflows
// the thread's stack before QuickJS's own check; the engine is then dropped whole, without freeing
// its runtime (which tripped QuickJS's assertions), and replaced. The run still fails cleanly.

const work = mkdtempSync(join(tmpdir(), 'weft-escape-'))
const MARKER_FILE = join(work, 'escaped.txt')

// What an attacker does with whatever the attack reached: if it is the host's globalThis, process
// or require, write a file and call the private service; answers ESCAPED if any of that worked.
const PWN = `
const pwn = (found) => {
  const attempts = [
    (f) => f.process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(MARKER_FILE)}, 'escaped'),
    (f) => f.getBuiltinModule('fs').writeFileSync(${JSON.stringify(MARKER_FILE)}, 'escaped'),
    (f) => f.mainModule.require('fs').writeFileSync(${JSON.stringify(MARKER_FILE)}, 'escaped'),
    (f) => f.require('fs').writeFileSync(${JSON.stringify(MARKER_FILE)}, 'escaped'),
    (f) => f.process.getBuiltinModule('http').get('http://127.0.0.1:' + $trapPort + '/pwned'),
    (f) => f.constructor.constructor('return process')().getBuiltinModule('fs').writeFileSync(${JSON.stringify(MARKER_FILE)}, 'x'),
  ]
  for (const attempt of attempts) {
    try {
      attempt(found)
      return '${ESCAPED}'
    } catch {}
  }
  try {
    found.__weftHostMarker = 'changed'
  } catch {}
  return 'contained'
}
`

/** What of this thread an escape would change. */
function hostState() {
  const names = (value: object) => Object.getOwnPropertyNames(value).sort().join()
  return {
    marker: (globalThis as { __weftHostMarker?: unknown }).__weftHostMarker,
    objectPrototype: names(Object.prototype),
    arrayPrototype: names(Array.prototype),
    functionPrototype: names(Function.prototype),
    promisePrototype: names(Promise.prototype),
    error: names(Error),
    prepareStackTrace: (Error as { prepareStackTrace?: unknown }).prepareStackTrace,
    builtins: [
      JSON.stringify,
      JSON.parse,
      Promise.prototype.then,
      Object.prototype.toString,
      Array.prototype.push,
      Reflect.apply,
      Object.assign,
    ],
    polluted: ({} as { polluted?: unknown }).polluted,
    globals: names(globalThis),
  }
}

type Outcome = { value: unknown } | { error: unknown }

describe('escapes from the sandbox', () => {
  let trap: Server
  let trapHits = 0
  let redirector: Server
  let guard: OutboundGuard
  let pool: SandboxPool
  let hostBefore: ReturnType<typeof hostState>
  let given: Record<string, unknown>
  const escapes: string[] = []

  beforeAll(async () => {
    // A private service on this machine that nothing may reach, and a public-looking server (the one
    // private host the administrator allowed) that redirects wherever it is asked.
    trap = createServer((_request, response) => {
      trapHits += 1
      response.end('inside secret')
    })
    redirector = createServer((request, response) => {
      const target = decodeURIComponent(request.url!.split('?')[1] ?? '')
      response.writeHead(302, { location: target }).end()
    })
    for (const server of [trap, redirector])
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const redirectorHost = `127.0.0.1:${(redirector.address() as AddressInfo).port}`
    given = { $trapPort: (trap.address() as AddressInfo).port, $redirector: `http://${redirectorHost}` }
    guard = createOutboundGuard({ allowedPrivateHosts: [redirectorHost] })
    pool = createSandboxPool({ threads: 2, queue: 64, allowedPrivateHosts: [redirectorHost] })
    ;(globalThis as { __weftHostMarker?: unknown }).__weftHostMarker = 'intact'
    hostBefore = hostState()
  })

  afterAll(async () => {
    delete (globalThis as { __weftHostMarker?: unknown }).__weftHostMarker
    await pool.close()
    await guard.close()
    await closeSandbox()
    for (const server of [trap, redirector]) server.close()
    rmSync(work, { recursive: true, force: true })
  })

  const hosts = {
    'this thread': (code: string, globalsJson: string, timeoutMs: number) =>
      runInQuickJS({ code, globalsJson, timeoutMs, stopped: () => false, fetch: guard.fetch }),
    'the worker pool': (code: string, globalsJson: string, timeoutMs: number) =>
      pool.run({ code, globalsJson, timeoutMs }),
  }

  /** Runs the attack and lists what it left on the host. */
  async function attempt(host: keyof typeof hosts, attack: Attack): Promise<{ outcome: Outcome; evidence: string[] }> {
    const globalsJson = JSON.stringify({ ...given, ...attack.globals })
    let outcome: Outcome
    try {
      const json = await hosts[host](PWN + attack.code, globalsJson, attack.timeoutMs ?? TIME_LIMIT_MS)
      outcome = { value: (JSON.parse(json) as { value?: unknown }).value }
    } catch (error) {
      outcome = { error }
    }
    const evidence: string[] = []
    const said = 'value' in outcome ? JSON.stringify(outcome.value) : String((outcome.error as Error).message)
    if (said?.includes(ESCAPED)) evidence.push('the code reached a host object')
    if (existsSync(MARKER_FILE)) evidence.push('a file was written')
    if (trapHits > 0) evidence.push('the private service was called')
    if (!isDeepStrictEqual(hostState(), hostBefore)) evidence.push("this thread's globals changed")
    if (evidence.length > 0) escapes.push(`${attack.name} (${host}): ${evidence.join(', ')}`)
    return { outcome, evidence }
  }

  describe.each(Object.keys(hosts) as Array<keyof typeof hosts>)('on %s', (host) => {
    it.each(escapeAttacks(MARKER_FILE))('$name', async (attack) => {
      const { outcome, evidence } = await attempt(host, attack)
      expect(evidence).toEqual([])
      if (attack.outcome === 'either') {
        if ('error' in outcome) expect(outcome.error).toBeInstanceOf(UserCodeError)
      } else if (attack.outcome instanceof RegExp) {
        expect('error' in outcome ? outcome.error : outcome.value).toBeInstanceOf(UserCodeError)
        expect((outcome as { error: Error }).error.message).toMatch(attack.outcome)
      } else {
        expect(outcome).toHaveProperty('value')
        expect(attack.outcome((outcome as { value: unknown }).value)).toBe(true)
      }
    })
  })

  it('takes __proto__ in the arguments a model gives a custom tool as plain data', async () => {
    const tool = (await runNode(
      customTool,
      { customToolName: 'order', customToolFunc: 'return { price: $price, input: $input, own: Object.keys($input) }' },
      testRun(),
    )) as { execute: (input: Record<string, unknown>, signal: AbortSignal) => Promise<string> }
    const answer = await tool.execute(
      JSON.parse('{"__proto__": {"polluted": "tool"}, "price": 2}'),
      new AbortController().signal,
    )
    expect(JSON.parse(answer)).toEqual({
      price: 2,
      input: JSON.parse('{"__proto__": {"polluted": "tool"}, "price": 2}'),
      own: ['__proto__', 'price'],
    })
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
  })

  it('counts no escapes, and the sandbox runs ordinary code afterwards', async () => {
    expect(escapes).toEqual([])
    expect(trapHits).toBe(0)
    expect(existsSync(MARKER_FILE)).toBe(false)
    expect(hostState()).toEqual(hostBefore)
    const ordinary = {
      code: 'return $items.map((item) => item.price * 2)',
      globalsJson: '{"$items":[{"price":1},{"price":20}]}',
    }
    await expect(pool.run({ ...ordinary, timeoutMs: 1000 })).resolves.toBe('{"value":[2,40]}')
    await expect(pool.run({ ...ordinary, timeoutMs: 1000 })).resolves.toBe('{"value":[2,40]}')
    await expect(hosts['this thread'](ordinary.code, ordinary.globalsJson, 1000)).resolves.toBe('{"value":[2,40]}')
  })
})
