// `require('buffer')` in the sandbox: a small Buffer (a Uint8Array) with Node's from, alloc,
// concat, byteLength, isBuffer, compare and toString in utf8, hex, base64, base64url, latin1 and
// ascii, plus atob and btoa. Source text run in QuickJS (see modules.ts). Text moves through
// "byte strings" (one character per byte), which encodeURIComponent/escape turn to and from UTF-8
// natively; the loops are only for bytes.

export const BUFFER_SHIM = String.raw`
'use strict'
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const SIXES = new Int16Array(128).fill(-1)
for (let i = 0; i < 64; i++) SIXES[ALPHABET.charCodeAt(i)] = i
SIXES[45] = 62
SIXES[95] = 63
const HEX = []
for (let i = 0; i < 256; i++) HEX[i] = (i < 16 ? '0' : '') + i.toString(16)
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

function encoding(name) {
  const lower = name === undefined || name === null ? 'utf8' : String(name).toLowerCase()
  switch (lower) {
    case 'utf8': case 'utf-8': return 'utf8'
    case 'hex': return 'hex'
    case 'base64': return 'base64'
    case 'base64url': return 'base64url'
    case 'latin1': case 'binary': return 'latin1'
    case 'ascii': return 'ascii'
  }
  throw new TypeError('Unknown encoding: ' + String(name))
}
function utf8ToBinary(text) {
  return unescape(encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD')))
}
function binaryToUtf8(binary) {
  try {
    return decodeURIComponent(escape(binary))
  } catch {
    return decodeLoosely(binary)
  }
}
// Malformed UTF-8: each bad sequence becomes U+FFFD, as Node decodes it.
function decodeLoosely(binary) {
  let out = ''
  for (let i = 0; i < binary.length; ) {
    const first = binary.charCodeAt(i)
    const size = first < 0x80 ? 1 : first >= 0xc2 && first < 0xe0 ? 2 : first >= 0xe0 && first < 0xf0 ? 3 : first >= 0xf0 && first < 0xf5 ? 4 : 0
    if (size === 1) { out += binary[i]; i++; continue }
    let ok = size > 0 && i + size <= binary.length
    for (let j = 1; ok && j < size; j++) ok = (binary.charCodeAt(i + j) & 0xc0) === 0x80
    if (ok) {
      try { out += decodeURIComponent(escape(binary.slice(i, i + size))); i += size; continue } catch {}
    }
    out += '\uFFFD'
    i++
  }
  return out
}
function bytesToBinary(bytes, start, end) {
  let out = ''
  for (let i = start; i < end; i += 4096) out += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(end, i + 4096)))
  return out
}
function binaryToBytes(binary) {
  const bytes = new Buffer(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
function base64ToBinary(text) {
  let out = ''
  let bits = 0
  let count = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 61) break
    const six = code < 128 ? SIXES[code] : -1
    if (six === -1) continue
    bits = (bits << 6) | six
    count += 6
    if (count >= 8) {
      count -= 8
      out += String.fromCharCode((bits >> count) & 255)
    }
  }
  return out
}
function binaryToBase64(binary, url) {
  let out = ''
  let i = 0
  for (; i + 2 < binary.length; i += 3) {
    const n = (binary.charCodeAt(i) << 16) | (binary.charCodeAt(i + 1) << 8) | binary.charCodeAt(i + 2)
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63]
  }
  const rest = binary.length - i
  if (rest > 0) {
    const n = (binary.charCodeAt(i) << 16) | (rest === 2 ? binary.charCodeAt(i + 1) << 8 : 0)
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + (rest === 2 ? ALPHABET[(n >> 6) & 63] : '=') + '='
  }
  return url ? out.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : out
}
function hexToBinary(text) {
  let out = ''
  for (let i = 0; i + 1 < text.length; i += 2) {
    const byte = parseInt(text.slice(i, i + 2), 16)
    if (!/^[0-9a-fA-F]{2}$/.test(text.slice(i, i + 2))) break
    out += String.fromCharCode(byte)
  }
  return out
}
/** The string as a byte string in the encoding. */
function stringToBinary(text, name) {
  switch (encoding(name)) {
    case 'utf8': return utf8ToBinary(text)
    case 'hex': return hexToBinary(text)
    case 'base64': case 'base64url': return base64ToBinary(text)
    default: return text.replace(/[^\u0000-\u00ff]/g, (c) => String.fromCharCode(c.charCodeAt(0) & 255))
  }
}
function binaryToString(binary, name) {
  switch (encoding(name)) {
    case 'utf8': return binaryToUtf8(binary)
    case 'hex': {
      let out = ''
      for (let i = 0; i < binary.length; i++) out += HEX[binary.charCodeAt(i)]
      return out
    }
    case 'base64': return binaryToBase64(binary, false)
    case 'base64url': return binaryToBase64(binary, true)
    case 'ascii': return binary.replace(/[\u0080-\u00ff]/g, (c) => String.fromCharCode(c.charCodeAt(0) & 127))
    default: return binary
  }
}

class Buffer extends Uint8Array {
  static from(value, encodingOrOffset, length) {
    if (typeof value === 'string') return binaryToBytes(stringToBinary(value, encodingOrOffset))
    if (value instanceof ArrayBuffer) {
      const offset = encodingOrOffset === undefined ? 0 : Number(encodingOrOffset)
      return new Buffer(value, offset, length === undefined ? value.byteLength - offset : Number(length))
    }
    if (ArrayBuffer.isView(value)) return new Buffer(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))
    if (value !== null && typeof value === 'object') {
      if (value.type === 'Buffer' && Array.isArray(value.data)) return new Buffer(value.data)
      if (typeof value.length === 'number' || Array.isArray(value)) return new Buffer(Array.from(value))
    }
    throw new TypeError('The first argument must be of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object.')
  }
  static alloc(size, fill, name) {
    const buffer = new Buffer(size)
    if (fill !== undefined && fill !== 0) buffer.fill(fill, 0, size, name)
    return buffer
  }
  static allocUnsafe(size) { return new Buffer(size) }
  static isBuffer(value) { return value instanceof Buffer }
  static isEncoding(name) {
    try { encoding(name); return true } catch { return false }
  }
  static byteLength(value, name) {
    if (typeof value === 'string') return stringToBinary(value, name).length
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value.byteLength
    throw new TypeError('The "string" argument must be of type string or an instance of Buffer or ArrayBuffer.')
  }
  static concat(list, totalLength) {
    if (!Array.isArray(list)) throw new TypeError('The "list" argument must be an instance of Array.')
    let size = 0
    for (let i = 0; i < list.length; i++) size += list[i].length
    const total = totalLength === undefined ? size : totalLength
    const out = Buffer.alloc(total)
    let at = 0
    for (let i = 0; i < list.length && at < total; i++) {
      const part = list[i].length > total - at ? list[i].subarray(0, total - at) : list[i]
      out.set(part, at)
      at += part.length
    }
    return out
  }
  static compare(a, b) { return a.compare(b) }
  toString(name, start, end) {
    const from = start === undefined ? 0 : Math.max(0, start | 0)
    const to = end === undefined ? this.length : Math.min(this.length, end | 0)
    return from >= to ? (encoding(name), '') : binaryToString(bytesToBinary(this, from, to), name)
  }
  toJSON() { return { type: 'Buffer', data: Array.from(this) } }
  equals(other) { return this.compare(other) === 0 }
  compare(other) {
    const size = Math.min(this.length, other.length)
    for (let i = 0; i < size; i++) if (this[i] !== other[i]) return this[i] < other[i] ? -1 : 1
    return this.length === other.length ? 0 : this.length < other.length ? -1 : 1
  }
  slice(start, end) { return this.subarray(start, end) }
  write(text, offset, length, name) {
    const bytes = Buffer.from(text, typeof offset === 'string' ? offset : name)
    const at = typeof offset === 'number' ? offset : 0
    const count = Math.min(bytes.length, this.length - at, typeof length === 'number' ? length : Infinity)
    this.set(bytes.subarray(0, count), at)
    return count
  }
  fill(value, start, end, name) {
    if (typeof value === 'string') {
      const bytes = Buffer.from(value, name)
      const from = start === undefined ? 0 : start
      const to = end === undefined ? this.length : end
      for (let i = from, j = 0; i < to && bytes.length > 0; i++, j = (j + 1) % bytes.length) this[i] = bytes[j]
      return this
    }
    return Uint8Array.prototype.fill.call(this, value, start, end)
  }
  indexOf(value, from) {
    if (typeof value === 'number') return Uint8Array.prototype.indexOf.call(this, value, from)
    return bytesToBinary(this, 0, this.length).indexOf(bytesToBinary(Buffer.from(value), 0, Buffer.from(value).length), from)
  }
  includes(value, from) { return this.indexOf(value, from) !== -1 }
}
const atob = (text) => base64ToBinary(String(text))
const btoa = (text) => binaryToBase64(String(text), false)
return { Buffer, atob, btoa, kMaxLength: 2 ** 31 - 1, constants: { MAX_LENGTH: 2 ** 31 - 1 }, bytesToBinary: (bytes) => bytesToBinary(bytes, 0, bytes.length) }
`
