// `require('path')` in the sandbox: Node's POSIX path functions, as plain string work. The
// working directory of `resolve` is `/`, since the code has no file system. Source text run in
// QuickJS (see modules.ts); written with String.raw so its backslashes reach the sandbox as written.

export const PATH_SHIM = String.raw`
'use strict'
function text(value, what) {
  if (typeof value !== 'string') throw new TypeError('The "' + what + '" argument must be of type string')
  return value
}
function normalizeParts(path, absolute) {
  const out = []
  const parts = path.split('/')
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]
    if (part === '' || part === '.') continue
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop()
      else if (!absolute) out.push('..')
    } else out.push(part)
  }
  return out.join('/')
}
function normalize(path) {
  text(path, 'path')
  if (path === '') return '.'
  const absolute = path[0] === '/'
  const trailing = path[path.length - 1] === '/'
  let joined = normalizeParts(path, absolute)
  if (joined === '' && !absolute) joined = '.'
  if (joined !== '' && trailing) joined += '/'
  return (absolute ? '/' : '') + joined
}
function join() {
  const parts = []
  for (let i = 0; i < arguments.length; i++) if (text(arguments[i], 'path') !== '') parts.push(arguments[i])
  return parts.length === 0 ? '.' : normalize(parts.join('/'))
}
function resolve() {
  let resolved = ''
  for (let i = arguments.length - 1; i >= 0 && resolved[0] !== '/'; i--) {
    const part = text(arguments[i], 'paths[' + i + ']')
    if (part !== '') resolved = part + (resolved === '' ? '' : '/' + resolved)
  }
  return '/' + normalizeParts(resolved, true)
}
function isAbsolute(path) {
  return text(path, 'path')[0] === '/'
}
function relative(from, to) {
  const a = resolve(from).split('/').filter(Boolean)
  const b = resolve(to).split('/').filter(Boolean)
  let same = 0
  while (same < a.length && same < b.length && a[same] === b[same]) same++
  const up = []
  for (let i = same; i < a.length; i++) up.push('..')
  return up.concat(b.slice(same)).join('/')
}
function dirname(path) {
  text(path, 'path')
  if (path === '') return '.'
  const trimmed = path.replace(/\/+$/, '')
  if (trimmed === '') return '/'
  const slash = trimmed.lastIndexOf('/')
  if (slash === -1) return '.'
  const dir = trimmed.slice(0, slash).replace(/\/+$/, '')
  return dir === '' ? '/' : dir
}
function basename(path, ext) {
  text(path, 'path')
  const trimmed = path.replace(/\/+$/, '')
  let base = trimmed.slice(trimmed.lastIndexOf('/') + 1)
  if (typeof ext === 'string' && ext !== base && base.endsWith(ext)) base = base.slice(0, base.length - ext.length)
  return base
}
function extname(path) {
  const base = basename(path)
  const dot = base.lastIndexOf('.')
  return dot <= 0 ? '' : base.slice(dot)
}
function parse(path) {
  const base = basename(path)
  const ext = extname(path)
  const dir = dirname(path)
  return { root: isAbsolute(path) ? '/' : '', dir: dir === '.' && path.indexOf('/') === -1 ? '' : dir, base, ext, name: ext ? base.slice(0, base.length - ext.length) : base }
}
function format(parts) {
  if (parts === null || typeof parts !== 'object') throw new TypeError('The "pathObject" argument must be of type object')
  const dir = parts.dir || parts.root || ''
  const base = parts.base || (parts.name || '') + (parts.ext || '')
  if (!dir) return base
  return dir === parts.root ? dir + base : dir + '/' + base
}
const path = { sep: '/', delimiter: ':', normalize, join, resolve, isAbsolute, relative, dirname, basename, extname, parse, format, toNamespacedPath: (p) => p }
path.posix = path
return path
`
