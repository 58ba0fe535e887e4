// `require('assert')` in the sandbox: ok, equal, strictEqual, deepEqual, deepStrictEqual, their
// negations, throws, rejects, match and fail, throwing an AssertionError as Node's does. Source
// text run in QuickJS (see modules.ts).

export const ASSERT_SHIM = String.raw`
'use strict'
class AssertionError extends Error {
  constructor(options) {
    super(options.message)
    this.name = 'AssertionError'
    this.code = 'ERR_ASSERTION'
    this.actual = options.actual
    this.expected = options.expected
    this.operator = options.operator
  }
}
function show(value) {
  try {
    const json = JSON.stringify(value)
    return json === undefined ? String(value) : json.length > 200 ? json.slice(0, 200) + '…' : json
  } catch {
    return String(value)
  }
}
function fail(actual, expected, message, operator, fallback) {
  if (message instanceof Error) throw message
  throw new AssertionError({ message: message === undefined ? fallback : String(message), actual, expected, operator })
}
function deepEqual(a, b, strict, seen) {
  if (strict ? Object.is(a, b) : a == b || (a !== a && b !== b)) return true
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime()
  if (a instanceof RegExp && b instanceof RegExp) return String(a) === String(b)
  if (seen.indexOf(a) !== -1) return true
  seen = seen.concat([a])
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false
    for (const [key, value] of a) if (!b.has(key) || !deepEqual(value, b.get(key), strict, seen)) return false
    return true
  }
  if (a instanceof Set && b instanceof Set) {
    if (a.size !== b.size) return false
    for (const value of a) if (!b.has(value)) return false
    return true
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  for (let i = 0; i < keysA.length; i++) {
    if (!Object.prototype.hasOwnProperty.call(b, keysA[i])) return false
    if (!deepEqual(a[keysA[i]], b[keysA[i]], strict, seen)) return false
  }
  return true
}
function matches(error, expected) {
  if (expected === undefined) return true
  if (expected instanceof RegExp) return expected.test(String(error && error.message !== undefined ? error.message : error)) || expected.test(String(error))
  if (typeof expected === 'function') {
    if (expected.prototype !== undefined && error instanceof expected) return true
    if (Error.isPrototypeOf(expected) || expected === Error) return false
    return expected(error) === true
  }
  if (typeof expected === 'object' && expected !== null) {
    const keys = Object.keys(expected)
    for (let i = 0; i < keys.length; i++) {
      const want = expected[keys[i]]
      const got = error[keys[i]]
      if (want instanceof RegExp ? !want.test(got) : !deepEqual(got, want, true, [])) return false
    }
    return true
  }
  return false
}
function assert(value, message) {
  if (!value) fail(value, true, message, '==', 'The expression evaluated to a falsy value: ' + show(value))
}
assert.ok = assert
assert.AssertionError = AssertionError
assert.fail = (message) => fail(undefined, undefined, message, 'fail', 'Failed')
assert.equal = (a, b, message) => { if (!(a == b || (a !== a && b !== b))) fail(a, b, message, '==', show(a) + ' == ' + show(b)) }
assert.notEqual = (a, b, message) => { if (a == b) fail(a, b, message, '!=', show(a) + ' != ' + show(b)) }
assert.strictEqual = (a, b, message) => { if (!Object.is(a, b)) fail(a, b, message, 'strictEqual', 'Expected values to be strictly equal: ' + show(a) + ' !== ' + show(b)) }
assert.notStrictEqual = (a, b, message) => { if (Object.is(a, b)) fail(a, b, message, 'notStrictEqual', 'Expected "actual" to be strictly unequal to: ' + show(b)) }
assert.deepEqual = (a, b, message) => { if (!deepEqual(a, b, false, [])) fail(a, b, message, 'deepEqual', 'Expected values to be loosely deep-equal: ' + show(a) + ' and ' + show(b)) }
assert.notDeepEqual = (a, b, message) => { if (deepEqual(a, b, false, [])) fail(a, b, message, 'notDeepEqual', 'Expected "actual" not to be loosely deep-equal to: ' + show(b)) }
assert.deepStrictEqual = (a, b, message) => { if (!deepEqual(a, b, true, [])) fail(a, b, message, 'deepStrictEqual', 'Expected values to be strictly deep-equal: ' + show(a) + ' and ' + show(b)) }
assert.notDeepStrictEqual = (a, b, message) => { if (deepEqual(a, b, true, [])) fail(a, b, message, 'notDeepStrictEqual', 'Expected "actual" not to be strictly deep-equal to: ' + show(b)) }
assert.match = (text, pattern, message) => { if (!pattern.test(text)) fail(text, pattern, message, 'match', 'The input did not match the regular expression ' + String(pattern) + '. Input: ' + show(text)) }
assert.doesNotMatch = (text, pattern, message) => { if (pattern.test(text)) fail(text, pattern, message, 'doesNotMatch', 'The input was expected to not match ' + String(pattern)) }
assert.ifError = (value) => { if (value !== null && value !== undefined) throw value }
assert.throws = (block, expected, message) => {
  if (typeof expected === 'string') { message = expected; expected = undefined }
  try {
    block()
  } catch (error) {
    if (!matches(error, expected)) throw error
    return
  }
  fail(undefined, expected, message, 'throws', 'Missing expected exception.')
}
assert.doesNotThrow = (block, message) => {
  try { block() } catch (error) { fail(error, undefined, message, 'doesNotThrow', 'Got unwanted exception: ' + String(error && error.message)) }
}
assert.rejects = async (promise, expected, message) => {
  if (typeof expected === 'string') { message = expected; expected = undefined }
  try {
    await (typeof promise === 'function' ? promise() : promise)
  } catch (error) {
    if (!matches(error, expected)) throw error
    return
  }
  fail(undefined, expected, message, 'rejects', 'Missing expected rejection.')
}
return assert
`
