import { afterAll, describe, expect, it } from 'vitest'
import { closeSandbox, runUserCode, UserCodeError } from './run-user-code.js'

describe('runUserCode (QuickJS sandbox)', () => {
  afterAll(() => closeSandbox())

  it('returns what the code returns, with the globals it was given', async () => {
    await expect(runUserCode('return `Hello, ${$name}`', { $name: 'Ada' })).resolves.toBe('Hello, Ada')
    await expect(runUserCode('return { n: $vars.n * 2, list: [1, 2] }', { $vars: { n: 21 } })).resolves.toEqual({
      n: 42,
      list: [1, 2],
    })
    await expect(runUserCode('const x = 1', {})).resolves.toBeUndefined()
  })

  it('supports await and console without failing', async () => {
    await expect(runUserCode('console.log("hi"); const v = await Promise.resolve(3); return v + 1', {})).resolves.toBe(
      4,
    )
  })

  it("cannot see Node: no process, module or file system; require and fetch are the sandbox's own", async () => {
    const seen = await runUserCode(
      'return [typeof process, typeof require, typeof module, typeof globalThis.__weftInput, typeof fetch, typeof globalThis.require]',
      {},
    )
    expect(seen).toEqual(['undefined', 'function', 'undefined', 'undefined', 'function', 'undefined'])
    await expect(runUserCode('return require("fs")', {})).rejects.toThrow(
      "require('fs') is not available in Weft's sandbox",
    )
    await expect(runUserCode('return typeof fetch', {}, { fetch: false })).resolves.toBe('undefined')
    await expect(runUserCode('return process.env', {})).rejects.toThrow("ReferenceError: 'process' is not defined")
  })

  it('stops an infinite loop after the time limit', async () => {
    await expect(runUserCode('while (true) {}', {})).rejects.toThrow('Custom code took longer than 1 s')
    await expect(
      runUserCode('try { while (true) {} } catch { return "escaped" }', {}, { timeoutMs: 50 }),
    ).rejects.toThrow('Custom code took longer than 50 ms')
  })

  it("runs on a worker thread: the caller's thread goes on while the code loops", async () => {
    await runUserCode('return 1', {}) // the sandbox is ready: what follows measures the run, not the start
    const settled: string[] = []
    const loop = runUserCode('while (true) {}', {}).finally(() => settled.push('loop'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    settled.push('timer')
    await expect(loop).rejects.toThrow('Custom code took longer than 1 s')
    expect(settled).toEqual(['timer', 'loop'])
  })

  it('stops a memory bomb at the memory limit', async () => {
    const bomb = 'const parts = []; while (true) parts.push("x".repeat(1024 * 1024) + parts.length)'
    await expect(runUserCode(bomb, {})).rejects.toThrow('Custom code ran out of memory')
    await expect(runUserCode('return "x".repeat(1e9).length', {})).rejects.toThrow('Custom code ran out of memory')
    // the sandbox is usable again at once
    await expect(runUserCode('return new Array(1024 * 1024).fill(1).length', {})).resolves.toBe(1024 * 1024)
  })

  it('stops runaway recursion', async () => {
    await expect(runUserCode('const f = () => f(); return f()', {})).rejects.toThrow(
      'Custom code recursed too deeply (stack overflow)',
    )
  })

  it('reports syntax errors and thrown errors with their message', async () => {
    const syntax = runUserCode('return (', {})
    await expect(syntax).rejects.toBeInstanceOf(UserCodeError)
    await expect(syntax).rejects.toThrow(/^Custom code has a syntax error: /)
    await expect(runUserCode('throw new Error("no stock for " + $item)', { $item: 'tea' })).rejects.toThrow(
      'Custom code failed: Error: no stock for tea',
    )
    await expect(runUserCode('throw "plain"', {})).rejects.toThrow('Custom code failed: plain')
  })

  it('stops when the run is aborted', async () => {
    const controller = new AbortController()
    controller.abort(new Error('The run was stopped'))
    await expect(runUserCode('return 1', {}, { signal: controller.signal })).rejects.toThrow('The run was stopped')
  })

  it('tells a syntax error in the code from a SyntaxError the code throws while running', async () => {
    await expect(runUserCode('return JSON.parse("not json")', {})).rejects.toThrow(
      "Custom code failed: SyntaxError: unexpected token: 'not'",
    )
  })

  it('returns what the code returns even when the code replaced the built-ins the sandbox uses', async () => {
    // These once made the host read a broken answer (an internal error instead of the value).
    const code = `JSON.stringify = () => ({ not: 'text' })
      Promise.prototype.then = function () { return 'hijacked' }
      Object.prototype.toJSON = undefined
      return { total: 3 }`
    await expect(runUserCode(code, {})).resolves.toEqual({ total: 3 })
    await expect(runUserCode('Object.prototype.toJSON = () => undefined; return { a: 1 }', {})).resolves.toBeUndefined()
  })

  it("reports a thrown promise, Proxy or null as the code's own failure, and the sandbox goes on", async () => {
    // A thrown promise once freed its handle twice on the host: an internal failure, not the code's.
    await expect(runUserCode('throw Promise.reject(new Error("inner"))', {})).rejects.toThrow('Custom code failed: {}')
    await expect(runUserCode('throw new Proxy(new Error("seen"), {})', {})).rejects.toThrow(
      'Custom code failed: Error: seen',
    )
    await expect(runUserCode('throw null', {})).rejects.toBeInstanceOf(UserCodeError)
    await expect(runUserCode('return "fine"', {})).resolves.toBe('fine')
  })

  it('stops code nested too deeply for the parser or JSON with a clear error', async () => {
    // These once overflowed the worker thread's own stack before QuickJS's check: an internal failure.
    const nested = (open: string, close: string) => `${open.repeat(100_000)}1${close.repeat(100_000)}`
    for (const code of [
      `return eval(${JSON.stringify(nested('(', ')'))})`,
      `return JSON.parse(${JSON.stringify(nested('[', ']'))})`,
    ]) {
      await expect(runUserCode(code, {})).rejects.toThrow('Custom code recursed too deeply (stack overflow)')
    }
  })

  it('refuses a result of more than 5 MB, saying how big it was', async () => {
    await expect(runUserCode('return "x".repeat(6 * 1024 * 1024)', {})).rejects.toThrow(
      'Custom code returned 6.0 MB of data; the most it may return is 5.0 MB.',
    )
    await expect(runUserCode('return "x".repeat(4 * 1024 * 1024).length', {})).resolves.toBe(4 * 1024 * 1024)
  })

  it('keeps runs apart: a global set by one run is gone in the next', async () => {
    await runUserCode('globalThis.leak = 1', {})
    await expect(runUserCode('return typeof leak', {})).resolves.toBe('undefined')
  })
})
