// `require('querystring')` in the sandbox: Node's parse, stringify, escape and unescape (and their
// decode/encode names). Source text run in QuickJS (see modules.ts).

export const QUERYSTRING_SHIM = String.raw`
'use strict'
function unescape(value) {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
function escape(value) {
  return encodeURIComponent(value)
}
function parse(text, sep, eq, options) {
  const result = Object.create(null)
  if (typeof text !== 'string' || text === '') return result
  const separator = sep || '&'
  const equals = eq || '='
  const maxKeys = options && typeof options.maxKeys === 'number' ? options.maxKeys : 1000
  const decode = options && typeof options.decodeURIComponent === 'function' ? options.decodeURIComponent : unescape
  let pairs = text.split(separator)
  if (maxKeys > 0 && pairs.length > maxKeys) pairs = pairs.slice(0, maxKeys)
  for (let i = 0; i < pairs.length; i++) {
    if (pairs[i] === '') continue
    const pair = pairs[i].replace(/\+/g, ' ')
    const at = pair.indexOf(equals)
    const key = decode(at === -1 ? pair : pair.slice(0, at))
    const value = at === -1 ? '' : decode(pair.slice(at + equals.length))
    if (!(key in result)) result[key] = value
    else if (Array.isArray(result[key])) result[key].push(value)
    else result[key] = [result[key], value]
  }
  return result
}
function primitive(value) {
  if (typeof value === 'string') return value
  if ((typeof value === 'number' && isFinite(value)) || typeof value === 'bigint') return String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return ''
}
function stringify(object, sep, eq, options) {
  const separator = sep || '&'
  const equals = eq || '='
  const encode = options && typeof options.encodeURIComponent === 'function' ? options.encodeURIComponent : escape
  if (object === null || typeof object !== 'object') return ''
  const parts = []
  const keys = Object.keys(object)
  for (let i = 0; i < keys.length; i++) {
    const key = encode(primitive(keys[i])) + equals
    const value = object[keys[i]]
    if (Array.isArray(value)) {
      for (let j = 0; j < value.length; j++) parts.push(key + encode(primitive(value[j])))
    } else parts.push(key + encode(primitive(value)))
  }
  return parts.join(separator)
}
return { parse, stringify, escape, unescape, decode: parse, encode: stringify }
`
