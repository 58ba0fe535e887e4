import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { copyJson } from './copy-json.js'

describe('copyJson', () => {
  it('gives an equal value that shares no object with the source', () => {
    const source = { a: [1, { b: 'x' }], c: { d: null, e: true } }
    const copy = copyJson(source)
    expect(copy).toEqual(source)
    expect(copy.a).not.toBe(source.a)
    expect(copy.a[1]).not.toBe(source.a[1])
    expect(copy.c).not.toBe(source.c)
  })

  it('property: any JSON value copies to an equal value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(copyJson(value)).toEqual(value)
      }),
    )
  })
})
