import { describe, expect, it } from 'vitest'
import { AnswerFormatError } from './answer-format-error.js'
import { parseCommaList, parseSeparatedList, separatedListInstructions } from './list-answer.js'

describe('list answers', () => {
  it('reads a comma-separated answer as trimmed items, dropping empty ones and a code fence', () => {
    expect(parseCommaList(' red,green , blue, ')).toEqual(['red', 'green', 'blue'])
    expect(parseCommaList('```\nred, green\n```')).toEqual(['red', 'green'])
  })

  it('cuts at a custom separator and checks the number of items when one is asked for', () => {
    expect(parseSeparatedList('a | b | c', '|', 3)).toEqual(['a', 'b', 'c'])
    expect(parseSeparatedList('a\nb', '\n')).toEqual(['a', 'b'])
    expect(() => parseSeparatedList('a | b', '|', 3)).toThrow('The answer holds 2 items where 3 were asked for.')
    expect(() => parseSeparatedList('  ', ',')).toThrow(AnswerFormatError)
  })

  it('tells the model the separator and the count', () => {
    expect(separatedListInstructions(';', 5)).toContain('exactly 5 values separated by ";"')
  })
})
