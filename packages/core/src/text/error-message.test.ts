import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { errorMessage } from './error-message.js'

describe('errorMessage (SPEC §8: message, else serialised text, else string form)', () => {
  it('an Error with a message → the message', () => {
    expect(errorMessage(new Error('Boom'))).toBe('Boom')
    expect(errorMessage(new TypeError('bad type'))).toBe('bad type')
  })

  it('an object with a string message → the message', () => {
    expect(errorMessage({ message: 'x' })).toBe('x')
    expect(errorMessage({ message: 'Token Expired', status: 401 })).toBe('Token Expired')
  })

  it('an object without a string message → its JSON', () => {
    expect(errorMessage({ error: 'nope', code: 7 })).toBe('{"error":"nope","code":7}')
    expect(errorMessage({ message: 42 })).toBe('{"message":42}')
    expect(errorMessage([1, 'a'])).toBe('[1,"a"]')
  })

  it('a string → itself (not JSON-quoted)', () => {
    expect(errorMessage('plain text')).toBe('plain text')
    expect(errorMessage('')).toBe('')
  })

  it('numbers and booleans → their text', () => {
    expect(errorMessage(42)).toBe('42')
    expect(errorMessage(false)).toBe('false')
  })

  it('null → "null", undefined → "undefined"', () => {
    expect(errorMessage(null)).toBe('null')
    expect(errorMessage(undefined)).toBe('undefined')
  })

  it('a circular object → its string form', () => {
    const circular: Record<string, unknown> = { a: 1 }
    circular.self = circular
    expect(errorMessage(circular)).toBe(String(circular))
    expect(errorMessage(circular)).toBe('[object Object]')
  })

  it('a value that cannot be serialised (bigint) → its string form', () => {
    expect(errorMessage(10n)).toBe('10')
  })

  it('an object whose toString is custom and JSON is not possible uses toString', () => {
    const odd = { toString: () => 'custom', toJSON: () => undefined }
    expect(errorMessage(odd)).toBe('custom')
  })

  it('property: any non-empty string message wins', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.anything(), (message, extra) => {
        expect(errorMessage({ extra, message })).toBe(message)
        expect(errorMessage(new Error(message))).toBe(message)
      }),
    )
  })

  it('property: always returns a string and never throws', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true, withDate: true }), (v) => {
        expect(typeof errorMessage(v)).toBe('string')
      }),
    )
  })

  it('property: JSON-able objects without a message are reported as their JSON', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string().filter((k) => k !== 'message' && k !== '__proto__'), fc.jsonValue(), { minKeys: 1 }), (obj) => {
        expect(errorMessage(obj)).toBe(JSON.stringify(obj))
      }),
    )
  })
})

describe('errorMessage with hostile values', () => {
  it('still answers for an object neither JSON nor String can convert', () => {
    expect(errorMessage({ toString: 0, n: 1n })).toBe('[object Object]')
  })
})
