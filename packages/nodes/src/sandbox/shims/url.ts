// `require('url')` in the sandbox: URL (parsed by the host's WHATWG parser through host-bridge.ts,
// as text), URLSearchParams, and the legacy parse, format and resolve. Source text run in QuickJS
// (see modules.ts).

export const URL_SHIM = String.raw`
'use strict'
const querystring = require('querystring')
const PARTS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash']
const encode = (text) => encodeURIComponent(text).replace(/%20/g, '+').replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
const decode = (text) => querystring.unescape(text.replace(/\+/g, ' '))

class URLSearchParams {
  constructor(init) {
    Object.defineProperty(this, '_list', { value: [], writable: true })
    Object.defineProperty(this, '_changed', { value: null, writable: true })
    if (init === undefined || init === null) return
    if (typeof init === 'string') this._read(init)
    else if (typeof init[Symbol.iterator] === 'function') for (const [name, value] of init) this._list.push([String(name), String(value)])
    else for (const name of Object.keys(init)) this._list.push([name, String(init[name])])
  }
  _read(text) {
    this._list = []
    const query = text[0] === '?' ? text.slice(1) : text
    for (const pair of query.split('&')) {
      if (pair === '') continue
      const at = pair.indexOf('=')
      this._list.push(at === -1 ? [decode(pair), ''] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))])
    }
  }
  _update() { if (this._changed) this._changed(this.toString()) }
  append(name, value) { this._list.push([String(name), String(value)]); this._update() }
  delete(name) { this._list = this._list.filter((pair) => pair[0] !== String(name)); this._update() }
  get(name) { const pair = this._list.find((p) => p[0] === String(name)); return pair ? pair[1] : null }
  getAll(name) { return this._list.filter((p) => p[0] === String(name)).map((p) => p[1]) }
  has(name) { return this._list.some((p) => p[0] === String(name)) }
  set(name, value) {
    const key = String(name)
    const at = this._list.findIndex((p) => p[0] === key)
    if (at === -1) this._list.push([key, String(value)])
    else this._list = this._list.filter((p, i) => i === at || p[0] !== key).map((p) => (p[0] === key ? [key, String(value)] : p))
    this._update()
  }
  sort() { this._list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)); this._update() }
  forEach(callback, thisArg) { for (const [name, value] of this._list) callback.call(thisArg, value, name, this) }
  keys() { return this._list.map((p) => p[0])[Symbol.iterator]() }
  values() { return this._list.map((p) => p[1])[Symbol.iterator]() }
  entries() { return this._list.map((p) => [p[0], p[1]])[Symbol.iterator]() }
  [Symbol.iterator]() { return this.entries() }
  get size() { return this._list.length }
  toString() { return this._list.map((p) => encode(p[0]) + '=' + encode(p[1])).join('&') }
}

class URL {
  constructor(input, base) {
    Object.defineProperty(this, '_parts', { value: null, writable: true })
    Object.defineProperty(this, '_params', { value: new URLSearchParams(), writable: true })
    this._params._changed = (query) => this._set('search', query)
    this._take(host('url', String(input), base === undefined ? '' : String(base)))
  }
  _take(json) {
    this._parts = JSON.parse(json)
    const changed = this._params._changed
    this._params._changed = null
    this._params._read(this._parts.search)
    this._params._changed = changed
  }
  _set(part, value) { this._take(host('url-set', this._parts.href, part, String(value))) }
  get searchParams() { return this._params }
  toString() { return this._parts.href }
  toJSON() { return this._parts.href }
  static canParse(input, base) {
    try { new URL(input, base); return true } catch { return false }
  }
}
for (const part of PARTS) {
  const descriptor = { get() { return this._parts[part] }, enumerable: true, configurable: true }
  if (part !== 'origin') descriptor.set = function (value) { this._set(part, value) }
  Object.defineProperty(URL.prototype, part, descriptor)
}

// The legacy url.parse: Node's field names; the address itself is read by URL where it can be.
function parse(address, parseQuery) {
  const text = String(address)
  const result = { protocol: null, slashes: null, auth: null, host: null, port: null, hostname: null, hash: null, search: null, query: null, pathname: null, path: null, href: text }
  let url
  try { url = new URL(text) } catch { url = null }
  const rest = url ? null : new URL(text, 'weft-relative://x/')
  const from = url || rest
  if (url) {
    result.protocol = url.protocol
    result.slashes = /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
    result.auth = url.username ? decodeURIComponent(url.username) + (url.password ? ':' + decodeURIComponent(url.password) : '') : null
    result.host = url.host || null
    result.port = url.port || null
    result.hostname = url.hostname || null
    result.href = url.href
  }
  result.hash = from.hash || null
  result.search = from.search || null
  result.query = parseQuery ? querystring.parse(from.search.slice(1)) : from.search ? from.search.slice(1) : null
  result.pathname = url ? url.pathname || null : text.split(/[?#]/)[0] || null
  result.path = (result.pathname || '') + (result.search || '') || null
  return result
}
function format(value) {
  if (typeof value === 'string') return value
  if (value instanceof URL) return value.href
  const protocol = value.protocol ? (value.protocol.endsWith(':') ? value.protocol : value.protocol + ':') : ''
  const host = value.host || (value.hostname ? value.hostname + (value.port ? ':' + value.port : '') : '')
  const auth = value.auth ? value.auth + '@' : ''
  const slashes = value.slashes || /^(https?|ftp|file|wss?):$/.test(protocol) ? '//' : ''
  let search = value.search || ''
  if (!search && value.query && typeof value.query === 'object') {
    const query = querystring.stringify(value.query)
    search = query ? '?' + query : ''
  } else if (search && search[0] !== '?') search = '?' + search
  const hash = value.hash ? (value.hash[0] === '#' ? value.hash : '#' + value.hash) : ''
  const pathname = value.pathname ? (host && value.pathname[0] !== '/' ? '/' : '') + value.pathname : ''
  return protocol + (host ? slashes + auth + host : '') + pathname + search + hash
}
function resolve(from, to) {
  try {
    return new URL(to, from).href
  } catch {
    const resolved = new URL(to, new URL(from, 'weft-relative://x/')).href
    return resolved.replace(/^weft-relative:\/\/x\//, from[0] === '/' ? '/' : '')
  }
}
return { URL, URLSearchParams, parse, format, resolve }
`
