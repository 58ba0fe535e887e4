import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { contextBudget, packChunks, splitLongText } from './pack-chunks.js'

describe('packChunks', () => {
  it('joins short passages into as few chunks as fit, in order', () => {
    expect(packChunks(['aaaa', 'bbbb', 'cccc'], 10)).toEqual(['aaaa\n\nbbbb', 'cccc'])
    expect(packChunks(['aaaa', '', 'bbbb'], 100)).toEqual(['aaaa\n\nbbbb'])
  })

  it('splits a passage longer than the limit at a sentence or word end', () => {
    expect(splitLongText('One two. Three four five.', 12)).toEqual(['One two.', 'Three four', 'five.'])
    expect(packChunks(['x'.repeat(25)], 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)])
  })

  it('never makes a chunk over the limit and loses no word', () => {
    fc.assert(
      fc.property(fc.array(fc.lorem({ maxCount: 12 })), fc.integer({ min: 5, max: 60 }), (texts, limit) => {
        const chunks = packChunks(texts, limit)
        expect(chunks.every((chunk) => chunk.length <= limit && chunk.length > 0)).toBe(true)
        const words = (list: string[]) => list.join(' ').split(/\s+/).filter(Boolean).join('')
        expect(words(chunks)).toBe(words(texts))
      }),
    )
  })

  it('refuses a limit below one character', () => {
    expect(() => packChunks(['a'], 0)).toThrow(RangeError)
  })
})

describe('contextBudget', () => {
  it('leaves the room the prompt does not take, at least a quarter', () => {
    expect(contextBudget('x'.repeat(100), 1000)).toBe(900)
    expect(contextBudget('x'.repeat(1000), 1000)).toBe(250)
  })
})
