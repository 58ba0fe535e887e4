// The JavaScript that runs inside QuickJS before the user's code, as text. It is a function the host
// calls with four arguments: the globals as JSON text, the user's code as text, the fetch bridge
// (a host function taking and answering JSON text, or undefined for code that gets no `fetch`) and
// the host bridge of the `require` shims (host-bridge.ts, text in and out). Nothing else of the host
// is ever handed in. `require` is a parameter of the user's function, as a Node module's is, not a
// global: a function the code builds with `new Function` does not see it.
//
// It takes the built-ins it needs before the user's code runs, so the code cannot change what the
// runner does by replacing JSON.stringify, Promise.prototype.then or the like; the runner's own
// names live in its function scope, which the user's code (compiled in the global scope) cannot see.
// It answers one line of text the host reads without touching any object of the sandbox:
//   v<json>  the code returned a value, as JSON text
//   u        it returned undefined (or something JSON leaves out, such as a function)
//   l<n>     its value's JSON text has n characters, more than MAX_RESULT_CHARS
//   c<json>  its code did not compile: ["name","message"]
//   e<json>  it threw or rejected: ["name","message"]

/** The most JSON text a run's value may take: past it the run fails saying so. */
export const MAX_RESULT_CHARS = 5 * 1024 * 1024
/** Thrown values are cut to this, so a thrown megabyte does not travel into answers and logs. */
const MAX_MESSAGE_CHARS = 2000

export const SANDBOX_RUNNER = `(function (globalsJson, code, hostFetch, host) {
  'use strict'
  const { parse, stringify } = JSON
  const { apply } = Reflect
  const { defineProperty, keys } = Object
  const toText = String
  const { slice, toLowerCase } = String.prototype
  const isArray = Array.isArray
  const FetchError = TypeError
  const Fn = Function
  const { indexOf } = String.prototype
  const errorKinds = { Error, TypeError, RangeError }
  const AsyncFunction = (async function () {}).constructor
  const MAX_RESULT_CHARS = ${MAX_RESULT_CHARS}
  const MAX_MESSAGE_CHARS = ${MAX_MESSAGE_CHARS}

  const hidden = (value) => ({ value, writable: true, enumerable: false, configurable: true })
  const cut = (text) => (text.length > MAX_MESSAGE_CHARS ? apply(slice, text, [0, MAX_MESSAGE_CHARS]) + '…' : text)

  // A thrown value as ["name","message"]; stringify of a string is the one form no user code can change.
  function failure(error) {
    let name = ''
    let message
    try {
      if (typeof error === 'string') message = error
      else if (error !== null && (typeof error === 'object' || typeof error === 'function') && 'message' in error) {
        const ownName = error.name
        const ownMessage = error.message
        name = typeof ownName === 'string' ? ownName : ''
        message = typeof ownMessage === 'string' ? ownMessage : toText(ownMessage)
      } else if (error !== null && typeof error === 'object') {
        const json = stringify(error)
        message = typeof json === 'string' ? json : toText(error)
      } else message = toText(error)
    } catch {
      name = ''
      message = 'a thrown value that cannot be read'
    }
    return '[' + stringify(cut(name)) + ',' + stringify(cut(message)) + ']'
  }

  function headerPairs(headers) {
    const pairs = []
    if (headers === undefined || headers === null) return pairs
    if (typeof headers !== 'object') throw new FetchError('fetch: headers must be an object such as { "content-type": "text/plain" }')
    if (isArray(headers)) {
      for (let i = 0; i < headers.length; i++) pairs[i] = [toText(headers[i][0]), toText(headers[i][1])]
      return pairs
    }
    const names = keys(headers)
    for (let i = 0; i < names.length; i++) pairs[i] = [names[i], toText(headers[names[i]])]
    return pairs
  }

  // The answer's headers: readable as plain properties (lower-case names) and by get()/has().
  function makeHeaders(pairs) {
    const values = { __proto__: null }
    for (let i = 0; i < pairs.length; i++) {
      const name = pairs[i][0]
      values[name] = values[name] === undefined ? pairs[i][1] : values[name] + ', ' + pairs[i][1]
    }
    const headers = {}
    const names = keys(values)
    for (let i = 0; i < names.length; i++) {
      defineProperty(headers, names[i], { value: values[names[i]], writable: true, enumerable: true, configurable: true })
    }
    const lookUp = (name) => values[apply(toLowerCase, toText(name), [])]
    defineProperty(headers, 'get', hidden(function get(name) {
      const value = lookUp(name)
      return value === undefined ? null : value
    }))
    defineProperty(headers, 'has', hidden(function has(name) {
      return lookUp(name) !== undefined
    }))
    defineProperty(headers, 'forEach', hidden(function forEach(callback, thisArg) {
      for (let i = 0; i < names.length; i++) apply(callback, thisArg, [values[names[i]], names[i], headers])
    }))
    const entries = function entries() {
      const list = []
      for (let i = 0; i < names.length; i++) list[i] = [names[i], values[names[i]]]
      return list[Symbol.iterator]()
    }
    defineProperty(headers, 'entries', hidden(entries))
    defineProperty(headers, Symbol.iterator, hidden(entries))
    return headers
  }

  function makeResponse(answer) {
    const body = answer.body
    const response = {
      ok: answer.status >= 200 && answer.status <= 299,
      status: answer.status,
      statusText: answer.statusText,
      url: answer.url,
      headers: makeHeaders(answer.headers),
    }
    defineProperty(response, 'text', hidden(async function text() {
      return body
    }))
    defineProperty(response, 'json', hidden(async function json() {
      return parse(body)
    }))
    return response
  }

  async function fetch(resource, options) {
    const init = options === undefined || options === null ? {} : options
    if (typeof init !== 'object') throw new FetchError('fetch: its options must be an object such as { method: "POST", body: "..." }')
    const request = {
      url: toText(resource),
      method: init.method === undefined ? 'GET' : toText(init.method),
      headers: headerPairs(init.headers),
    }
    if (init.body !== undefined && init.body !== null) {
      if (typeof init.body !== 'string') throw new FetchError('fetch: body must be text; send an object as JSON.stringify(value)')
      request.body = init.body
    }
    const answer = parse(await hostFetch(stringify(request)))
    if (answer.error !== undefined) throw new FetchError(answer.error)
    return makeResponse(answer)
  }

  // The host bridge's answer, or its refusal thrown as an error of the sandbox's own.
  function hostCall(op, a, b, c, d) {
    const answer = host(op, a === undefined ? '' : a, b === undefined ? '' : b, c === undefined ? '' : c, d === undefined ? '' : d)
    if (answer[0] === '=') return apply(slice, answer, [1])
    const colon = apply(indexOf, answer, [':'])
    const Kind = errorKinds[apply(slice, answer, [1, colon])] || Error
    throw new Kind(apply(slice, answer, [colon + 1]))
  }

  // A module's shim is compiled on its first require in the run (shims/modules.ts) and kept.
  const loaded = { __proto__: null }
  function require(name) {
    if (typeof name !== 'string') throw new TypeError('require: name the module as text, such as require("crypto")')
    const found = hostCall('module', name)
    const newline = apply(indexOf, found, ['\\n'])
    const bare = apply(slice, found, [0, newline])
    if (loaded[bare] === undefined) {
      const factory = new Fn('require', 'host', 'fetch', apply(slice, found, [newline + 1]))
      loaded[bare] = apply(factory, undefined, [require, hostCall, typeof hostFetch === 'function' ? fetch : undefined])
    }
    return loaded[bare]
  }

  async function run() {
    let body
    try {
      const globals = parse(globalsJson)
      const names = keys(globals)
      for (let i = 0; i < names.length; i++) {
        defineProperty(globalThis, names[i], { value: globals[names[i]], writable: true, enumerable: true, configurable: true })
      }
      defineProperty(globalThis, 'console', hidden({ log() {}, info() {}, warn() {}, error() {}, debug() {} }))
      if (typeof hostFetch === 'function') defineProperty(globalThis, 'fetch', hidden(fetch))
    } catch (error) {
      return 'e' + failure(error)
    }
    try {
      body = new AsyncFunction('require', code)
    } catch (error) {
      return 'c' + failure(error)
    }
    let json
    try {
      json = stringify(await apply(body, undefined, [require]))
    } catch (error) {
      return 'e' + failure(error)
    }
    if (json === undefined) return 'u'
    if (json.length > MAX_RESULT_CHARS) return 'l' + json.length
    return 'v' + json
  }

  return run()
})`
