import { describe, expect, it } from 'vitest'
import { fillPrompts, readPromptValues } from './prompt.js'

describe('fillPrompts', () => {
  it('fills {question} with the question unless Format Prompt Values maps it', () => {
    expect(fillPrompts(['Answer briefly: {question}'], {}, 'Why is the sky blue?')).toEqual([
      'Answer briefly: Why is the sky blue?',
    ])
    expect(fillPrompts(['Q: {question}'], { question: 'mapped' }, 'asked')).toEqual(['Q: mapped'])
    expect(fillPrompts(['{input} / {text}'], {}, 'asked')).toEqual(['asked / asked'])
  })

  it('fills every variable of every text from one set of values, spaces inside braces allowed', () => {
    const values = { product: 'socks', tone: 'playful' }
    expect(fillPrompts(['A { tone } name for {product}', 'about {product}'], values, 'q')).toEqual([
      'A playful name for socks',
      'about socks',
    ])
  })

  it('leaves {{ }} references and JSON braces alone', () => {
    expect(fillPrompts(['Reply as {"answer": "..."} to {question} {{chat_history}}'], {}, 'hi')).toEqual([
      'Reply as {"answer": "..."} to hi {{chat_history}}',
    ])
  })

  it('names every variable that has no value', () => {
    expect(() => fillPrompts(['{product} in {colour}', '{size}'], { colour: 'red' }, 'q')).toThrow(
      'The prompt has no value for {product}, {size}: give them values in Format Prompt Values.',
    )
    expect(() => fillPrompts(['{product}'], {}, 'q')).toThrow('no value for {product}: give it a value')
  })
})

describe('readPromptValues', () => {
  it('reads JSON text or an object, writing non-text values as JSON', () => {
    expect(readPromptValues('{ "product": "socks", "count": 3 }')).toEqual({ product: 'socks', count: '3' })
    expect(readPromptValues({ data: { a: 1 }, none: null })).toEqual({ data: '{"a":1}' })
    expect(readPromptValues('')).toEqual({})
    expect(readPromptValues(undefined)).toEqual({})
  })

  it('says when the JSON is broken', () => {
    expect(() => readPromptValues('{ "product": ')).toThrow(/^Format Prompt Values is not valid JSON: /)
    expect(() => readPromptValues('[1, 2]')).toThrow('Format Prompt Values must be a JSON object')
  })
})
