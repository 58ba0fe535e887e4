import { ASSERT_SHIM } from './assert.js'
import { BUFFER_SHIM } from './buffer.js'
import { CRYPTO_SHIM } from './crypto.js'
import { EVENTS_SHIM } from './events.js'
import { AXIOS_SHIM, NODE_FETCH_SHIM } from './http.js'
import { PATH_SHIM } from './path.js'
import { QUERYSTRING_SHIM } from './querystring.js'
import { URL_SHIM } from './url.js'

// The modules user code may `require` in the sandbox: Flowise lets custom code require the Node
// built-ins assert, buffer, crypto, events, path, querystring, timers, url and zlib, and axios and
// node-fetch (flowise-components' defaultAllowBuiltInDep and defaultAllowExternalDependencies).
// Each is our own small JavaScript that runs inside QuickJS, loaded on its first require in a run.
// Each source is the body of a function of `require`, `host` (the host bridge) and `fetch` (the
// sandbox's guarded fetch, or undefined) that returns the module's exports.

const SHIMS: Record<string, string> = {
  assert: ASSERT_SHIM,
  axios: AXIOS_SHIM,
  buffer: BUFFER_SHIM,
  crypto: CRYPTO_SHIM,
  events: EVENTS_SHIM,
  'node-fetch': NODE_FETCH_SHIM,
  path: PATH_SHIM,
  querystring: QUERYSTRING_SHIM,
  url: URL_SHIM,
}

/** Other spellings of the same modules. */
const ALIASES: Record<string, string> = { 'path/posix': 'path' }

/** Flowise allows these, and they cannot be given here: why, for the error. */
const WITHHELD: Record<string, string> = {
  timers: 'custom code here has no timers, and runs within its time limit',
  zlib: 'compression is not offered to custom code',
}

export const AVAILABLE_MODULES = Object.keys(SHIMS).sort()

/** The module's name as its shim is filed: `node:crypto` is `crypto`. */
export function moduleName(name: string): string {
  const bare = name.startsWith('node:') ? name.slice('node:'.length) : name
  return (Object.hasOwn(ALIASES, bare) && ALIASES[bare]) || bare
}

/** The shim's source, or an error naming the module and what is available. */
export function moduleSource(name: string): string {
  const bare = moduleName(name)
  const shim = Object.hasOwn(SHIMS, bare) ? SHIMS[bare] : undefined
  if (shim !== undefined) return shim
  const why = Object.hasOwn(WITHHELD, bare) ? ` (${WITHHELD[bare]})` : ''
  throw new Error(
    `require('${name.slice(0, 100)}') is not available in Weft's sandbox${why}; available: ${AVAILABLE_MODULES.join(', ')}`,
  )
}
