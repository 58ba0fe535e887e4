import { describe, expect, it } from 'vitest'
import { parseRows } from './parse-rows.js'

describe('parseRows', () => {
  it('reads rows stored as data or as JSON text', () => {
    expect(parseRows([{ a: 1 }])).toEqual([{ a: 1 }])
    expect(parseRows('[{"a":1}]')).toEqual([{ a: 1 }])
  })

  it('answers no rows for anything else, and skips non-object rows', () => {
    expect(parseRows('not json')).toEqual([])
    expect(parseRows(undefined)).toEqual([])
    expect(parseRows({ a: 1 })).toEqual([])
    expect(parseRows([{ a: 1 }, 'x', null])).toEqual([{ a: 1 }])
  })
})
