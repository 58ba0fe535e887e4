import { describe, expect, it } from 'vitest'
import { parseOtlpHeaders } from './otlp-headers.js'

describe('parseOtlpHeaders', () => {
  it('reads name=value pairs separated by commas or lines, decoding percent-encoded values', () => {
    expect(parseOtlpHeaders('Authorization=Bearer abc, x-team=a%2Cb\nX-Other = 1=2')).toEqual({
      headers: { authorization: 'Bearer abc', 'x-team': 'a,b', 'x-other': '1=2' },
    })
    expect(parseOtlpHeaders('')).toEqual({ headers: {} })
    expect(parseOtlpHeaders(undefined)).toEqual({ headers: {} })
  })

  it('names a bad pair by its position without quoting the secret it may hold', () => {
    const parsed = parseOtlpHeaders('a=1, sk-secret-value')
    expect(parsed).toEqual({ problem: 'header 2 is not written as name=value' })
    expect(parseOtlpHeaders('bad name=1')).toEqual({ problem: 'header 1 is not written as name=value' })
    expect(parseOtlpHeaders('=value')).toEqual({ problem: 'header 1 is not written as name=value' })
  })
})
