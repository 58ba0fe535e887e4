import { describe, expect, it } from 'vitest'
import { extractJsonText, parseJsonAnswer } from './json-answer.js'

describe('JSON answers', () => {
  it('takes the JSON out of a markdown code block, with or without its language', () => {
    expect(extractJsonText('Here it is:\n```json\n{"a": 1}\n```\nEnjoy.')).toBe('{"a": 1}')
    expect(parseJsonAnswer('```\n[1, 2]\n```')).toEqual([1, 2])
  })

  it('finds JSON written among words, and forgives trailing commas but not commas inside texts', () => {
    expect(parseJsonAnswer('Sure! {"title": "Up", "tags": ["a", "b",],} Hope it helps')).toEqual({
      title: 'Up',
      tags: ['a', 'b'],
    })
    expect(parseJsonAnswer('{"text": "a,}"}')).toEqual({ text: 'a,}' })
  })

  it('says the answer is not JSON when it is not', () => {
    expect(() => parseJsonAnswer('I cannot answer that.')).toThrow(/The answer is not valid JSON/)
    expect(() => parseJsonAnswer('{"a": }')).toThrow(/not valid JSON/)
  })
})
