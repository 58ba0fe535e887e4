import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { matchesMetadataFilter, readMetadataFilter } from './metadata-filter.js'

describe('metadata filter', () => {
  it('keeps metadata that has every key with its value', () => {
    const metadata = { source: 'handbook.pdf', page: 2, draft: false }
    expect(matchesMetadataFilter(metadata, { source: 'handbook.pdf' })).toBe(true)
    expect(matchesMetadataFilter(metadata, { source: 'handbook.pdf', page: 2 })).toBe(true)
    expect(matchesMetadataFilter(metadata, { page: '2' })).toBe(true)
    expect(matchesMetadataFilter(metadata, { source: 'other.pdf' })).toBe(false)
    expect(matchesMetadataFilter(metadata, { missing: 'x' })).toBe(false)
    expect(matchesMetadataFilter({ tags: ['a'] }, { tags: 'a' })).toBe(false)
  })

  it('an empty or absent filter keeps everything', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (metadata) => {
        expect(matchesMetadataFilter(metadata, undefined)).toBe(true)
        expect(matchesMetadataFilter(metadata, {})).toBe(true)
      }),
    )
  })

  it('metadata always matches a filter made of its own plain values', () => {
    const plain = fc.oneof(fc.string(), fc.integer(), fc.boolean())
    fc.assert(
      fc.property(fc.dictionary(fc.string(), plain), (metadata) => {
        expect(matchesMetadataFilter(metadata, metadata)).toBe(true)
      }),
    )
  })

  it('reads a filter from JSON text or an object, and names what is wrong', () => {
    expect(readMetadataFilter('{"source":"a.pdf","page":1}')).toEqual({ filter: { source: 'a.pdf', page: 1 } })
    expect(readMetadataFilter({})).toEqual({})
    expect(readMetadataFilter('')).toEqual({})
    expect(readMetadataFilter('{oops').error).toMatch(/JSON object/)
    expect(readMetadataFilter('[1]').error).toMatch(/JSON object/)
    expect(readMetadataFilter({ tags: ['a'] }).error).toBe(`The metadata filter's "tags" must be a text, a number or true/false.`)
  })
})
