// `require('crypto')` in the sandbox: createHash (md5, sha1, sha224, sha256, sha384, sha512) and
// createHmac with update/digest, randomBytes, randomUUID, randomInt, getRandomValues and
// timingSafeEqual. The hashing and the randomness are the host's (host-bridge.ts): data goes out as
// text with its encoding (bytes as a byte string), and digests come back as text. Source text run
// in QuickJS (see modules.ts).

export const CRYPTO_SHIM = String.raw`
'use strict'
const buffer = require('buffer')
const Buffer = buffer.Buffer
const DIRECT = { utf8: 'utf8', 'utf-8': 'utf8', hex: 'hex', base64: 'base64' }
const DIGESTS = { hex: 'hex', base64: 'base64', base64url: 'base64url' }
// Byte strings cross with each 0 byte as U+0100 (see host-bridge.ts).
const sendBytes = (binary) => [binary.replace(/\0/g, '\u0100'), 'bytes']
const readBytes = (text) => Buffer.from(text.replace(/\u0100/g, '\0'), 'latin1')

// Data as [text, encoding] the host reads: strings in an encoding Node reads go as they are.
function data(value, name) {
  if (typeof value === 'string') {
    const direct = DIRECT[name === undefined ? 'utf8' : String(name).toLowerCase()]
    if (direct && value.indexOf('\0') === -1) return [value, direct]
    return sendBytes(buffer.bytesToBinary(Buffer.from(value, name)))
  }
  if (ArrayBuffer.isView(value)) return sendBytes(buffer.bytesToBinary(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)))
  if (value instanceof ArrayBuffer) return sendBytes(buffer.bytesToBinary(new Uint8Array(value)))
  throw new TypeError('The "data" argument must be of type string or an instance of Buffer, TypedArray, or DataView.')
}

class Hash {
  constructor(id) {
    Object.defineProperty(this, '_id', { value: id })
  }
  update(value, name) {
    const [text, encoding] = data(value, name)
    host('update', this._id, text, encoding, String(text.length))
    return this
  }
  digest(name) {
    const lower = name === undefined ? 'buffer' : String(name).toLowerCase()
    if (lower === 'buffer') return readBytes(host('digest', this._id, 'bytes'))
    if (lower === 'latin1' || lower === 'binary') return readBytes(host('digest', this._id, 'bytes')).toString('latin1')
    const encoding = DIGESTS[lower]
    if (!encoding) throw new TypeError('crypto: digest("' + String(name) + '") is not supported; use hex, base64, base64url or latin1')
    return host('digest', this._id, encoding)
  }
}
function createHash(algorithm) {
  return new Hash(host('hash', String(algorithm)))
}
function createHmac(algorithm, key) {
  const [text, encoding] = data(key, undefined)
  return new Hash(host('hmac', String(algorithm), text, encoding, String(text.length)))
}
function randomBytes(size, callback) {
  const bytes = readBytes(host('random', String(size)))
  if (typeof callback === 'function') {
    callback(null, bytes)
    return undefined
  }
  return bytes
}
function getRandomValues(array) {
  if (!ArrayBuffer.isView(array) || array instanceof Float32Array || array instanceof Float64Array) {
    throw new TypeError('crypto.getRandomValues: the argument must be an integer TypedArray')
  }
  if (array.byteLength > 65536) throw new RangeError('crypto.getRandomValues: at most 65536 bytes at a time')
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(randomBytes(array.byteLength))
  return array
}
function randomInt(min, max) {
  const low = max === undefined ? 0 : min
  const high = max === undefined ? min : max
  if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high) || high <= low) {
    throw new RangeError('crypto.randomInt: give whole numbers with min < max')
  }
  const range = high - low
  const bytes = randomBytes(6)
  let n = 0
  for (let i = 0; i < 6; i++) n = n * 256 + bytes[i]
  return low + (n % range)
}
function timingSafeEqual(a, b) {
  if (a.byteLength !== b.byteLength) throw new RangeError('Input buffers must have the same byte length')
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength)
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength)
  let difference = 0
  for (let i = 0; i < x.length; i++) difference |= x[i] ^ y[i]
  return difference === 0
}
const randomUUID = () => host('uuid')
const getHashes = () => ['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512']
const webcrypto = { getRandomValues, randomUUID }
return { createHash, createHmac, randomBytes, randomUUID, randomInt, getRandomValues, timingSafeEqual, getHashes, webcrypto }
`
