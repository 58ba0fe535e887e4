import {
  createHash,
  createHmac,
  randomBytes,
  randomUUID,
  type BinaryToTextEncoding,
  type Hash,
  type Hmac,
} from 'node:crypto'
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core'
import { moduleName, moduleSource } from './shims/modules.js'

// The host function the sandbox's `require` shims call (see shims/): module sources on first
// require, hashes, HMACs, random bytes and URL parsing, which Node does exactly and fast. Like the
// fetch bridge, only text crosses: every argument is read as a string (anything else as ''), and
// the answer is one string, `=<value>` or `!<ErrorName>:<message>`. Hash states stay on the host, named to the
// sandbox by a number, and are dropped with the run.
//
// Bytes cross as "byte strings" (one character per byte), except that the library carries strings
// as C strings, which end at a NUL: so a 0 byte travels as U+0100, which no byte string holds.

/** Hashes and HMACs begun and not yet digested that one run may hold. */
export const MAX_OPEN_HASHES = 1000
/** The most random bytes one call may ask for. */
export const MAX_RANDOM_BYTES = 1024 * 1024

const ALGORITHMS = new Set(['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512'])
const INPUT_ENCODINGS = new Set(['utf8', 'hex', 'base64', 'bytes'])
const OUTPUT_ENCODINGS = new Set(['hex', 'base64', 'base64url', 'bytes'])

/** A byte string as the sandbox sends it. */
const readBytes = (text: string) => Buffer.from(text.replace(/\u0100/g, '\0'), 'latin1')
/** Bytes as the sandbox reads them. */
const writeBytes = (bytes: Buffer) => bytes.toString('latin1').replace(/\0/g, '\u0100')

export interface HostBridge {
  handle: QuickJSHandle
  dispose(): void
}

type Call = (args: [string, string, string, string]) => string

function algorithm(name: string): string {
  const plain = name.toLowerCase().replace(/^sha-/, 'sha')
  if (!ALGORITHMS.has(plain)) {
    throw new Error(
      `crypto: the digest "${name.slice(0, 50)}" is not available; use one of ${[...ALGORITHMS].join(', ')}`,
    )
  }
  return plain
}

function checked(name: string, allowed: Set<string>): string {
  if (!allowed.has(name)) throw new Error(`crypto: the encoding "${name.slice(0, 50)}" is not supported here`)
  return name
}

/**
 * Data the sandbox sends in one of INPUT_ENCODINGS, with its length there: a string too big to be
 * copied out within the sandbox's memory arrives empty, and must not be hashed as if it were.
 */
function readData(text: string, encoding: string, length: string): Buffer {
  if (text.length !== Number(length)) {
    throw new RangeError('crypto: the data is too big to be copied out of the sandbox within its memory limit')
  }
  if (checked(encoding, INPUT_ENCODINGS) === 'bytes') return readBytes(text)
  return Buffer.from(text, encoding as BufferEncoding)
}

function parseUrl(input: string, base: string): string {
  let url: URL
  try {
    url = base ? new URL(input, base) : new URL(input)
  } catch {
    throw new TypeError('Invalid URL')
  }
  return readUrl(url)
}

const URL_PARTS = [
  'href',
  'origin',
  'protocol',
  'username',
  'password',
  'host',
  'hostname',
  'port',
  'pathname',
  'search',
  'hash',
] as const

function readUrl(url: URL): string {
  return JSON.stringify(Object.fromEntries(URL_PARTS.map((part) => [part, url[part]])))
}

/** `href` with one part changed as a URL setter changes it. */
function setUrlPart(href: string, part: string, value: string): string {
  const url = new URL(href)
  if (!URL_PARTS.includes(part as (typeof URL_PARTS)[number]) || part === 'origin')
    throw new TypeError(`URL: ${part} cannot be set`)
  ;(url as unknown as Record<string, string>)[part] = value
  return readUrl(url)
}

function hashCalls(): { calls: Record<string, Call>; clear(): void } {
  const open = new Map<number, Hash | Hmac>()
  let next = 1
  const begin = (hash: Hash | Hmac) => {
    if (open.size >= MAX_OPEN_HASHES) {
      throw new Error(
        `crypto: custom code may have at most ${MAX_OPEN_HASHES} hashes open at once; call digest() on them`,
      )
    }
    open.set(next, hash)
    return String(next++)
  }
  const find = (id: string) => {
    const hash = open.get(Number(id))
    if (!hash) throw new Error('crypto: digest() was already called on this hash')
    return hash
  }
  const calls: Record<string, Call> = {
    hash: ([name]) => begin(createHash(algorithm(name))),
    hmac: ([name, key, keyEncoding, keyLength]) =>
      begin(createHmac(algorithm(name), readData(key, keyEncoding, keyLength))),
    update: ([id, data, dataEncoding, dataLength]) => {
      find(id).update(readData(data, dataEncoding, dataLength))
      return ''
    },
    digest: ([id, outputEncoding]) => {
      const hash = find(id)
      const encoding = checked(outputEncoding, OUTPUT_ENCODINGS)
      open.delete(Number(id))
      return encoding === 'bytes' ? writeBytes(hash.digest()) : hash.digest(encoding as BinaryToTextEncoding)
    },
  }
  return { calls, clear: () => open.clear() }
}

/** `over()` says the run is past its time or stopped: QuickJS looks at the clock only every so many instructions, and each call here may take milliseconds (hashing megabytes), so the bridge looks too. */
export function createHostBridge(context: QuickJSContext, over: () => boolean): HostBridge {
  const hashes = hashCalls()
  const calls: Record<string, Call> = {
    ...hashes.calls,
    module: ([name]) => `${moduleName(name)}\n${moduleSource(name)}`,
    random: ([size]) => {
      const count = Number(size)
      if (!Number.isInteger(count) || count < 0 || count > MAX_RANDOM_BYTES) {
        throw new RangeError(
          `crypto: random bytes are given 0 to ${MAX_RANDOM_BYTES} at a time, not ${size.slice(0, 20)}`,
        )
      }
      return writeBytes(randomBytes(count))
    },
    uuid: () => randomUUID(),
    url: ([input, base]) => parseUrl(input, base),
    'url-set': ([href, part, value]) => setUrlPart(href, part, value),
  }
  const handle = context.newFunction('host', (...handles) => {
    const read = (at: number) => {
      const arg = handles[at]
      return arg && context.typeof(arg) === 'string' ? context.getString(arg) : ''
    }
    const op = read(0)
    let answer: string
    try {
      const call = Object.hasOwn(calls, op) ? calls[op] : undefined
      if (!call) throw new Error(`host: unknown call ${op.slice(0, 20)}`)
      if (over()) throw new Error('the run is over')
      answer = `=${call([read(1), read(2), read(3), read(4)])}`
    } catch (error) {
      // The message only: no host error object, stack or cause goes in.
      const kind = error instanceof TypeError ? 'TypeError' : error instanceof RangeError ? 'RangeError' : 'Error'
      answer = `!${kind}:${error instanceof Error ? error.message : 'the call failed'}`
    }
    return context.newString(answer)
  })
  return {
    handle,
    dispose() {
      hashes.clear()
      if (handle.alive) handle.dispose()
    },
  }
}
