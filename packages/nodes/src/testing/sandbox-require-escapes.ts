import type { Attack } from './sandbox-escapes.js'

// Attacks on the sandbox's `require` and its shims (sandbox/shims/), part of the escape suite
// (sandbox-escapes.ts): Node's own modules asked for by every spelling, constructor chains from
// every shim's functions, forged hash handles and odd arguments at the host bridge, prototype
// pollution through the shims' objects, and inputs to the host's hashing as big as the sandbox holds.

const contained = (value: unknown) => value === 'contained'
const exhausted = /^Custom code (ran out of memory|took longer than|recursed too deeply)/
const notAvailable = /is not available in Weft's sandbox/

export const requireAttacks = (markerFile: string): Attack[] => [
  {
    name: "require gives only the sandbox's shims, never Node's modules",
    code: `
      const names = ['fs', 'node:fs', 'fs/promises', 'child_process', 'node:child_process', 'module', 'process', 'vm',
        'worker_threads', 'os', 'http', 'net', 'inspector', 'v8', '../../../node_modules/vm2', '/etc/passwd', ${JSON.stringify(markerFile)},
        '__proto__', 'constructor', 'hasOwnProperty', 'crypto\\n}); return pwn(globalThis); ({', 'timers', 'zlib']
      const refused = []
      for (const name of names) {
        try { const found = require(name); refused.push(pwn(found)) } catch (error) { refused.push(${notAvailable}.test(error.message) ? 'refused' : error.message) }
      }
      return [refused.every((r) => r === 'refused') ? 'all refused' : refused.join(), typeof require.main, typeof require.cache, typeof require.resolve].join()`,
    outcome: (value) => value === 'all refused,undefined,undefined,undefined',
  },
  {
    name: "constructor chains from the shims' functions and objects",
    code: `
      const crypto = require('crypto')
      const found = [require, crypto, crypto.createHash, crypto.createHash('md5'), crypto.createHash('md5').update, crypto.randomUUID,
        require('buffer').Buffer, require('buffer').Buffer.from('x'), require('url').URL, new (require('url').URL)('https://x.test/'),
        require('axios'), require('axios').get, require('node-fetch'), require('events'), require('assert'), require('path').join,
        require('querystring').parse]
      const seen = []
      for (const f of found) seen.push(pwn(f), pwn(f.constructor.constructor('return this')()), pwn(Object.getPrototypeOf(f).constructor.constructor('return this')()))
      try { seen.push(pwn(crypto.createHash.constructor('return process')())) } catch (error) { seen.push(error.name) }
      return seen.every((s) => s === 'contained' || s === 'ReferenceError') ? 'contained' : seen.join()`,
    outcome: contained,
  },
  {
    name: 'forged hash handles and odd values handed to the host bridge',
    code: `
      const crypto = require('crypto')
      const Hash = Object.getPrototypeOf(crypto.createHash('md5'))
      const trap = new Proxy({}, { get: () => pwn(globalThis), has: () => pwn(globalThis) })
      const tries = [
        () => Hash.update.call({ _id: '999999' }, 'x'),
        () => Hash.update.call({ _id: trap }, 'x'),
        () => Hash.update.call({ _id: { toString() { return pwn(globalThis) } } }, 'x'),
        () => Hash.digest.call({ _id: '__proto__' }, 'hex'),
        () => crypto.createHash(trap),
        () => crypto.createHash('md5').update(trap),
        () => crypto.createHmac('sha256', trap),
        () => crypto.randomBytes(trap),
        () => crypto.randomBytes(-1),
        () => crypto.createHash('md5').digest('utf16le'),
      ]
      const seen = []
      for (const attempt of tries) { try { seen.push(pwn(attempt())) } catch (error) { seen.push(error.name) } }
      return seen.join()`,
    outcome: (value) => typeof value === 'string' && !value.includes('ESCAPED') && !value.split(',').includes(''),
  },
  {
    name: "prototype pollution through the shims' objects and parsers",
    code: `
      const qs = require('querystring').parse('__proto__=polluted&constructor=x&toString=y')
      const params = new (require('url').URLSearchParams)('__proto__=p')
      require('crypto').__proto__.polluted = 'crypto'
      require('buffer').Buffer.prototype.__proto__.polluted = 'buffer'
      Object.prototype.toJSON = () => pwn(globalThis)
      const events = new (require('events'))()
      events.on('__proto__', () => {})
      return [Object.getPrototypeOf(qs) === null, qs.__proto__, params.get('__proto__'), events.emit('__proto__'),
        require('crypto').createHash('sha1').update('a').digest('hex')]`,
    outcome: 'either',
  },
  {
    // ASCII text crosses as it is stored: 40 MB is hashed, or the sandbox runs out of memory.
    name: 'a 40 MB string hashed',
    code: `const big = 'x'.repeat(40 * 1024 * 1024); return require('crypto').createHash('sha256').update(big).digest('hex')`,
    outcome: 'either',
  },
  {
    // 24 MB of two-byte text needs 36 MB more as UTF-8 to cross: past the sandbox's 48 MB. It once
    // arrived empty and was hashed as ''; now the bridge sees the length is wrong and says so.
    name: 'a string that cannot be copied out within the memory limit, hashed',
    code: `const big = '€'.repeat(12 * 1024 * 1024); return require('crypto').createHash('sha256').update(big).digest('hex')`,
    outcome: /^Custom code (ran out of memory|failed: RangeError: crypto: the data is too big to be copied out of the sandbox)/,
  },
  {
    name: 'hashing 8 MB over and over',
    code: `const part = 'x'.repeat(8 * 1024 * 1024); const hash = require('crypto').createHash('sha512'); for (;;) hash.update(part)`,
    outcome: exhausted,
  },
  {
    name: 'ever more open hashes, and random bytes past the limit',
    code: `
      const crypto = require('crypto')
      const seen = []
      try { for (let i = 0; i < 5000; i++) crypto.createHash('md5').update('x') } catch (error) { seen.push(error.message) }
      try { crypto.randomBytes(2 ** 31) } catch (error) { seen.push(error.name) }
      return seen`,
    outcome: (value) =>
      Array.isArray(value) && /at most 1000 hashes open/.test(String(value[0])) && value[1] === 'RangeError',
  },
  {
    name: 'a Buffer as big as the sandbox holds, and base64 of it',
    code: `const { Buffer } = require('buffer'); const b = Buffer.alloc(30 * 1024 * 1024, 'x'); return b.toString('base64').length`,
    outcome: exhausted,
  },
  {
    name: 'axios and node-fetch to a private address and through a redirect',
    code: `
      const seen = []
      for (const attempt of [() => require('axios').get('http://127.0.0.1:' + $trapPort + '/'),
        () => require('node-fetch')('http://169.254.169.254/latest/meta-data/'),
        () => require('axios').post($redirector + '/to?' + encodeURIComponent('http://127.0.0.1:' + $trapPort + '/'), { a: 1 })]) {
        try { seen.push(pwn(await attempt())) } catch (error) { seen.push(/Weft could not reach/.test(error.message) ? 'refused' : error.message) }
      }
      return seen.join()`,
    outcome: (value) => value === 'refused,refused,refused',
  },
]
