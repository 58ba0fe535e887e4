import { isDeepStrictEqual } from 'node:util'
import { requireAttacks } from './sandbox-require-escapes.js'

// The attacks of the sandbox's escape suite (sandbox/escape-suite.test.ts): published escapes from
// vm2 and Node's `vm`, adapted to this sandbox, plus loops, memory bombs, deep recursion, huge
// answers and attempts on the host's modules, files and network. Each names what a safe outcome is.
// An attack's code may call `pwn(found)`, which the suite defines: it tries to use what was found
// to write a file or call a private service, and answers 'contained' when that failed.

export interface Attack {
  name: string
  code: string
  /**
   * A message the run must fail with (a UserCodeError), a test of the harmless value it returns, or
   * 'either' when a UserCodeError and any value are both safe (what QuickJS does is not the point).
   */
  outcome: RegExp | ((value: unknown) => boolean) | 'either'
  globals?: Record<string, unknown>
  timeoutMs?: number
}

export const TIME_LIMIT_MS = 500
const timeLimit = /^Custom code took longer than 500 ms$/
/** Whichever limit a stream of promise jobs meets first: the time, or the jobs a run may queue. */
const timeOrJobLimit = /^Custom code (took longer than 500 ms|ran more than 100,000 promise jobs)$/
const exhausted = /^Custom code (ran out of memory|took longer than|recursed too deeply)/
const refused =
  /^Custom code failed: TypeError: Weft could not reach .*: the address is private, unreachable or refused/
const contained = (value: unknown) => value === 'contained'
export const ESCAPED = 'ESCAPED'

/** The attacks; `markerFile` is the file an escape would write, which the suite checks stays absent. */
export const escapeAttacks = (markerFile: string): Attack[] => [
  // Constructor chains: from any object to Function, then to the global scope.
  {
    name: 'this.constructor.constructor("return process")',
    code: `return this.constructor.constructor('return process')()`,
    outcome: /^Custom code failed: ReferenceError: 'process' is not defined$/,
  },
  {
    name: 'this.constructor.constructor("return this")',
    code: `return pwn(this.constructor.constructor('return this')())`,
    outcome: contained,
  },
  { name: 'Function("return this")', code: `return pwn(Function('return this')())`, outcome: contained },
  {
    name: 'arrow, async and generator function constructors',
    code: `
      const viaArrow = (() => {}).constructor('return globalThis')()
      const viaAsync = await (async () => {}).constructor('return this')()
      const viaGenerator = (function* () {}).constructor('yield this')().next().value
      return [pwn(viaArrow), pwn(viaAsync), pwn(viaGenerator)].join()`,
    outcome: (value) => value === 'contained,contained,contained',
  },
  {
    name: 'arguments.callee.caller',
    code: `
      function inner() { return arguments.callee.caller }
      const caller = inner()
      return pwn(caller) + ' ' + pwn(caller && caller.constructor('return this')())`,
    outcome: (value) => value === 'contained contained',
  },
  {
    name: 'Object.getPrototypeOf chains up from a primitive',
    code: `return pwn(Object.getPrototypeOf(Object.getPrototypeOf(1)).constructor.constructor('return this')())`,
    outcome: contained,
  },
  {
    name: 'the constructor of an error thrown by a host callback (fetch)',
    code: `
      try { await fetch('http://127.0.0.1:' + $trapPort + '/') } catch (error) {
        return [pwn(error), pwn(error.constructor.constructor('return this')()), String(error.stack)]
      }`,
    outcome: (value) =>
      Array.isArray(value) &&
      value[0] === 'contained' &&
      value[1] === 'contained' &&
      !/node:|file:|\/work\//.test(value[2]),
  },
  {
    name: 'an error thrown inside the fetch bridge by a toString',
    code: `
      try { await fetch({ toString() { throw new Proxy({}, { get: () => pwn(globalThis) }) } }) } catch (error) { return pwn(error) }`,
    outcome: contained,
  },
  {
    name: "the fetch bridge function's constructor",
    code: `return pwn(fetch.constructor.constructor('return this')())`,
    outcome: contained,
  },
  {
    name: "the fetch bridge function's caller and arguments",
    code: `return fetch.caller || fetch.arguments`,
    outcome: /^Custom code failed: TypeError/,
  },
  {
    name: "the fetch bridge's promise",
    code: `
      const pending = fetch('http://169.254.169.254/')
      pending.catch(() => {})
      return [pwn(pending.constructor.constructor('return this')()), pwn(Object.getPrototypeOf(pending).then.constructor('return this')())].join()`,
    outcome: (value) => value === 'contained,contained',
  },
  {
    name: 'the fetch bridge called as a constructor and with odd this',
    code: `
      const tries = [() => Reflect.construct(fetch, ['http://x.invalid/']), () => fetch.call(process, 'x'), () => fetch.apply(null, [])]
      const seen = []
      for (const attempt of tries) { try { await attempt() } catch (error) { seen.push(error.name) } }
      return seen.join()`,
    outcome: (value) => value === 'TypeError,ReferenceError,TypeError',
  },
  {
    name: 'closing the function body early (code injection into the wrapper)',
    code: `return 1 }); (function () { return pwn(globalThis)`,
    outcome: 'either',
  },

  // Prototype pollution: inside the sandbox only, and a __proto__ key in data is only data.
  {
    name: 'Object.prototype and Array.prototype changed inside',
    code: `
      Object.prototype.polluted = 'yes'
      Array.prototype.polluted = 'yes'
      Object.prototype.toString = () => 'owned'
      Object.assign(Object.getPrototypeOf({}), { hasOwnProperty: () => true })
      Array.prototype.push = () => { throw new Error('owned') }
      return { list: [1, 2] }`,
    outcome: (value) => isDeepStrictEqual(value, { list: [1, 2] }),
  },
  {
    name: 'Object.prototype.toJSON decides what the value becomes',
    code: `Object.prototype.toJSON = () => ({ replaced: true }); return { a: 1 }`,
    outcome: (value) => isDeepStrictEqual(value, { replaced: true }),
  },
  {
    name: '__proto__ keys in the globals and inputs',
    globals: JSON.parse(
      '{"__proto__": {"polluted": "global"}, "$input": {"__proto__": {"polluted": "input"}, "city": "Oslo"}}',
    ),
    code: `
      return { global: typeof __proto__, city: $input.city, inherited: String($input.polluted), keys: Object.keys($input).join(), fresh: String(({}).polluted) }`,
    outcome: (value) =>
      isDeepStrictEqual(value, {
        global: 'object',
        city: 'Oslo',
        inherited: 'undefined',
        keys: '__proto__,city',
        fresh: 'undefined',
      }),
  },
  {
    name: 'a __proto__ key in the returned value',
    code: `return JSON.parse('{"__proto__": {"polluted": "returned"}, "total": 1}')`,
    outcome: (value) =>
      Object.getPrototypeOf(value) === Object.prototype &&
      Object.keys(value as object).join() === '__proto__,total' &&
      (value as { polluted?: unknown }).polluted === undefined,
  },
  {
    name: 'constructor.prototype pollution through JSON',
    code: `const o = JSON.parse('{"constructor": {"prototype": {"polluted": "yes"}}}'); Object.assign({}, o); return String(({}).polluted)`,
    outcome: (value) => value === 'undefined',
  },

  // Stack tricks (V8's Error.prepareStackTrace and captureStackTrace do not exist in QuickJS).
  {
    name: 'Error.prepareStackTrace hands out call sites',
    code: `
      Error.prepareStackTrace = (error, frames) => frames
      const stack = new Error('x').stack
      return typeof stack === 'string' ? 'text only' : pwn(stack[0].getThis())`,
    outcome: (value) => value === 'text only',
  },
  {
    name: 'Error.captureStackTrace and stack frames',
    code: `
      const target = {}
      if (typeof Error.captureStackTrace === 'function') Error.captureStackTrace(target)
      function deep() { try { null.x } catch (error) { return error.stack } }
      return String(deep())`,
    outcome: (value) => typeof value === 'string' && !/node:|file:|\/work\//.test(value),
  },
  {
    name: 'the error of a stack overflow',
    code: `
      let caught
      const dive = () => { try { dive() } catch (error) { caught = error } }
      dive()
      return pwn(caught.constructor.constructor('return this')())`,
    outcome: contained,
  },

  // Proxy tricks.
  {
    name: 'a Proxy as the result, its traps calling pwn',
    code: `
      return new Proxy({}, {
        ownKeys: () => ['a'],
        getOwnPropertyDescriptor: () => ({ value: 1, enumerable: true, configurable: true }),
        get: () => pwn(globalThis),
      })`,
    outcome: (value) => isDeepStrictEqual(value, { a: 'contained' }),
  },
  {
    name: 'a Proxy as the thrown value',
    code: `throw new Proxy(new Error('boom'), { get: (target, key) => (key === 'message' ? pwn(globalThis) : target[key]) })`,
    outcome: /^Custom code failed: Error: contained$/,
  },
  {
    name: 'a Proxy whose has trap never returns, thrown',
    code: `throw new Proxy({}, { has() { for (;;) {} } })`,
    outcome: timeLimit,
  },
  {
    name: 'a Proxy whose ownKeys never returns, returned',
    code: `return new Proxy({}, { ownKeys() { for (;;) {} } })`,
    outcome: timeLimit,
  },
  {
    name: 'a Proxy of a function, and a revoked Proxy',
    code: `
      const { proxy, revoke } = Proxy.revocable({}, {})
      revoke()
      return [new Proxy(function () {}, { apply: () => pwn(globalThis) }), proxy]`,
    outcome: /^Custom code failed: TypeError: revoked proxy$/,
  },

  // Promise tricks.
  {
    name: 'a then-able result',
    code: `return { then(resolve) { resolve({ then: (inner) => inner(pwn(this.constructor.constructor('return this')())) }) } }`,
    outcome: contained,
  },
  {
    name: 'a then-able that never settles',
    code: `return { then() {} }`,
    outcome: /^Custom code did not finish: it waits for something that never happens\.$/,
  },
  {
    name: 'a rejection whose name and message are getters',
    code: `return Promise.reject({ get name() { return pwn(globalThis) }, get message() { return pwn(Function('return this')()) } })`,
    outcome: /^Custom code failed: contained: contained$/,
  },
  {
    name: 'a rejection whose message getter never returns',
    code: `return Promise.reject({ get message() { for (;;) {} } })`,
    outcome: timeLimit,
  },
  { name: 'a thrown promise', code: `throw Promise.reject(new Error('inner'))`, outcome: /^Custom code failed: \{\}$/ },
  {
    name: 'a then getter that throws',
    code: `await { get then() { throw new Error('then getter') } }`,
    outcome: /^Custom code failed: Error: then getter$/,
  },
  {
    name: 'Promise.prototype.then, JSON.stringify and Reflect.apply replaced',
    code: `
      Promise.prototype.then = function () { return pwn(globalThis) }
      JSON.stringify = () => ({ not: 'text' })
      Reflect.apply = () => pwn(globalThis)
      return 'kept'`,
    outcome: (value) => value === 'kept',
  },
  {
    name: 'a Promise.prototype.constructor getter that throws',
    code: `Object.defineProperty(Promise.prototype, 'constructor', { get() { throw new Error('no constructor') } }); return await Promise.resolve('after')`,
    outcome: 'either',
  },

  // Symbol.species.
  {
    name: 'Promise[Symbol.species] replaced',
    code: `
      Object.defineProperty(Promise, Symbol.species, { get: () => function (executor) { executor(() => {}, () => {}); return { pwned: pwn(globalThis) } } })
      return await Promise.resolve(2).then((n) => n * 2)`,
    outcome: 'either',
  },
  {
    name: 'a Promise subclass with its own species as the result',
    code: `
      class Evil extends Promise { static get [Symbol.species]() { return Promise } then(done) { return super.then(() => done(pwn(globalThis))) } }
      return Evil.resolve(1)`,
    outcome: contained,
  },
  {
    name: 'Array[Symbol.species] in a subclass',
    code: `
      class Evil extends Array { static get [Symbol.species]() { return function () { return { pwned: pwn(globalThis) } } } }
      return Evil.from([1, 2]).map((n) => n)`,
    outcome: 'either',
  },

  // Endless loops, on the stack and in promise jobs.
  { name: 'while (true)', code: `while (true) {}`, outcome: timeLimit },
  { name: 'a loop that catches the interrupt', code: `for (;;) { try { for (;;) {} } catch {} }`, outcome: timeLimit },
  { name: 'a loop in finally', code: `try { for (;;) {} } finally { for (;;) {} }`, outcome: timeLimit },
  {
    name: 'a loop in a promise job after returning',
    code: `Promise.resolve().then(function spin() { for (;;) {} }); return 1`,
    outcome: timeLimit,
  },
  {
    name: 'an async loop of awaits after returning',
    code: `(async () => { for (;;) await null })(); return 1`,
    outcome: timeOrJobLimit,
  },
  {
    name: 'a flood of promise jobs',
    code: `const again = () => Promise.resolve().then(again); again(); again(); return 1`,
    outcome: timeOrJobLimit,
  },
  {
    name: 'catching the interrupt in an async function',
    code: `try { await (async () => { await null; for (;;) {} })() } catch (error) { return 'escaped the limit: ' + error }`,
    outcome: timeLimit,
  },
  {
    name: 'a loop of failing fetches',
    code: `for (;;) { try { await fetch('http://127.0.0.1:' + $trapPort + '/') } catch {} }`,
    outcome: timeLimit,
  },
  {
    name: 'a regular expression that backtracks',
    code: `return /(a+)+$/.test('a'.repeat(40) + 'b')`,
    outcome: timeLimit,
  },
  { name: 'a promise that never settles', code: `await new Promise(() => {})`, outcome: /^Custom code did not finish/ },

  // Memory bombs.
  { name: 'a gigantic string', code: `return 'x'.repeat(2 ** 29).length`, outcome: exhausted },
  {
    name: 'ever more arrays',
    code: `const parts = []; for (;;) parts.push(new Array(1e5).fill(parts.length))`,
    outcome: exhausted,
  },
  {
    name: 'an object of ever more keys',
    code: `const o = {}; for (let i = 0; ; i++) o['key' + i] = i`,
    outcome: exhausted,
  },
  {
    name: 'a string doubled until it breaks',
    code: `let s = 'ab'; for (;;) s += s`,
    outcome:
      /^Custom code (ran out of memory|took longer than|failed: (RangeError: invalid string length|InternalError: string too long))/,
  },
  {
    name: 'a huge ArrayBuffer',
    code: `return new ArrayBuffer(2 ** 30).byteLength`,
    outcome: /^Custom code (ran out of memory|failed: RangeError)/,
  },

  // Deep recursion.
  {
    name: 'a function calling itself',
    code: `const f = () => f(); return f()`,
    outcome: /^Custom code recursed too deeply \(stack overflow\)$/,
  },
  {
    name: 'a getter reading itself',
    code: `const o = { get a() { return this.a } }; return o.a`,
    outcome: /^Custom code recursed too deeply \(stack overflow\)$/,
  },
  {
    name: 'toString calling itself',
    code: `const o = {}; o.toString = () => String(o); return String(o)`,
    outcome: /^Custom code recursed too deeply \(stack overflow\)$/,
  },
  {
    name: 'JSON nested 100,000 deep',
    code: `return JSON.parse('['.repeat(1e5) + ']'.repeat(1e5))`,
    outcome: /^Custom code recursed too deeply \(stack overflow\)$/,
  },
  {
    name: 'source nested 100,000 deep',
    code: `return eval('('.repeat(1e5) + '1' + ')'.repeat(1e5))`,
    outcome: /^Custom code recursed too deeply \(stack overflow\)$/,
  },
  {
    name: 'a returned value nested 100,000 deep',
    code: `let a = []; for (let i = 0; i < 1e5; i++) a = [a]; return a`,
    outcome: exhausted,
  },

  // Huge answers.
  {
    name: 'a 6 MB string returned',
    code: `return 'x'.repeat(6 * 1024 * 1024)`,
    outcome: /^Custom code returned 6\.0 MB of data; the most it may return is 5\.0 MB\.$/,
    timeoutMs: 10_000,
  },
  {
    name: 'a million strings returned',
    code: `return new Array(1e6).fill('abcdefghij')`,
    outcome: /^Custom code (returned [\d.]+ MB of data|ran out of memory)/,
    timeoutMs: 10_000,
  },
  {
    name: 'a 10 MB error message',
    code: `throw new Error('x'.repeat(1e7))`,
    outcome: /^Custom code failed: Error: x{2000}…$/,
    timeoutMs: 10_000,
  },

  // The host's modules, objects, files and network.
  {
    name: 'the names Node would give',
    code: `return [typeof process, typeof module, typeof exports, typeof Buffer, typeof setTimeout, typeof setImmediate, typeof queueMicrotask, typeof WebAssembly, typeof XMLHttpRequest, typeof WebSocket, typeof __filename, typeof global, typeof Deno, typeof Bun, typeof std, typeof os].join()`,
    outcome: (value) => value === Array(16).fill('undefined').join(),
  },
  ...requireAttacks(markerFile),
  {
    name: 'import("fs")',
    code: `return await import('fs')`,
    outcome: /^Custom code failed: ReferenceError: could not load module 'fs'$/,
  },
  {
    name: 'import("node:child_process")',
    code: `return (await import('node:child_process')).execSync('touch ' + ${JSON.stringify(markerFile)})`,
    outcome: /^Custom code failed: ReferenceError: could not load module/,
  },
  {
    name: 'require and process through eval and new Function',
    code: `
      const seen = []
      for (const reach of [() => eval('process'), () => new Function('return require')(), () => globalThis.process.env]) {
        try { seen.push(pwn(reach())) } catch (error) { seen.push(error.name) }
      }
      return seen.join()`,
    outcome: (value) => value === 'ReferenceError,ReferenceError,TypeError',
  },
  {
    name: "the sandbox's own globals",
    globals: { $given: 1 },
    code: `return Object.getOwnPropertyNames(globalThis)`,
    outcome: (value) => Array.isArray(value) && value.every((name) => SANDBOX_GLOBALS.has(name)),
  },
  {
    name: 'globalThis and this',
    code: `globalThis.__weftHostMarker = 'changed'; return [pwn(globalThis), pwn(this), globalThis.__weftHostMarker].join()`,
    outcome: (value) => value === 'contained,contained,changed',
  },
  { name: 'fetch to 127.0.0.1', code: `return await fetch('http://127.0.0.1:' + $trapPort + '/')`, outcome: refused },
  { name: 'fetch to localhost', code: `return await fetch('http://localhost:' + $trapPort + '/')`, outcome: refused },
  { name: 'fetch to [::1]', code: `return await fetch('http://[::1]:' + $trapPort + '/')`, outcome: refused },
  { name: 'fetch to 0.0.0.0', code: `return await fetch('http://0.0.0.0:' + $trapPort + '/')`, outcome: refused },
  {
    name: 'fetch to 127.0.0.1 written as a number',
    code: `return await fetch('http://2130706433:' + $trapPort + '/')`,
    outcome: refused,
  },
  {
    name: 'fetch to 127.0.0.1 written in hex',
    code: `return await fetch('http://0x7f.1:' + $trapPort + '/')`,
    outcome: refused,
  },
  {
    name: 'fetch to the cloud metadata address',
    code: `return await fetch('http://169.254.169.254/latest/meta-data/')`,
    outcome: refused,
  },
  {
    name: 'a redirect to 127.0.0.1',
    code: `return await fetch($redirector + '/to?' + encodeURIComponent('http://127.0.0.1:' + $trapPort + '/'))`,
    outcome: refused,
  },
  {
    name: 'a redirect to localhost',
    code: `return await fetch($redirector + '/to?' + encodeURIComponent('http://localhost:' + $trapPort + '/'))`,
    outcome: refused,
  },
  {
    name: 'a redirect to the cloud metadata address',
    code: `return await fetch($redirector + '/to?' + encodeURIComponent('http://169.254.169.254/latest/meta-data/'))`,
    outcome: refused,
  },
  {
    name: 'a redirect to a file',
    code: `return await fetch($redirector + '/to?' + encodeURIComponent('file:///etc/passwd'))`,
    outcome: /^Custom code failed: TypeError: Only http and https addresses can be called, not file:$/,
  },
]

// ECMAScript's globals in QuickJS, plus what the runner gives and the run's own globals.
const SANDBOX_GLOBALS = new Set(
  (
    'Error EvalError RangeError ReferenceError SyntaxError TypeError URIError InternalError AggregateError Array ' +
    'Object Function Iterator parseInt parseFloat isNaN isFinite decodeURI decodeURIComponent encodeURI ' +
    'encodeURIComponent escape unescape Infinity NaN undefined eval Number Boolean String Math Reflect Symbol ' +
    'globalThis BigInt Date RegExp JSON Proxy Map Set WeakMap WeakSet ArrayBuffer SharedArrayBuffer ' +
    'Uint8ClampedArray Int8Array Uint8Array Int16Array Uint16Array Int32Array Uint32Array BigInt64Array ' +
    'BigUint64Array Float16Array Float32Array Float64Array DataView Promise WeakRef FinalizationRegistry ' +
    'console fetch $given $trapPort $redirector'
  ).split(' '),
)
