import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { templateVariables } from './template-variables.js'

describe('templateVariables (SPEC §5: {name} without a colon)', () => {
  it('finds single-brace variables, distinct and in order', () => {
    expect(templateVariables('Tell a {adjective} joke about {topic}, a {adjective} one')).toEqual([
      'adjective',
      'topic',
    ])
    expect(templateVariables('{ spaced }')).toEqual(['spaced'])
  })

  it('ignores doubled braces, JSON with a colon, empty braces and code blocks', () => {
    expect(templateVariables('Answer {{question}} using {context}')).toEqual(['context'])
    expect(templateVariables('Reply as JSON: {"answer": "..."} for {question}')).toEqual(['question'])
    expect(templateVariables('{"a": {"b": 1}} and {} and {x}')).toEqual(['x'])
    expect(templateVariables('function f() {\n  return 1\n}')).toEqual([])
  })

  it('survives unclosed braces', () => {
    expect(templateVariables('{open and {{never closed')).toEqual([])
    expect(templateVariables('{a} {b')).toEqual(['a'])
  })

  it('property: finds every word put in braces, never one with a colon', () => {
    const word = fc.stringMatching(/^[a-z][a-z_]{0,8}$/)
    fc.assert(
      fc.property(fc.array(fc.tuple(word, fc.boolean())), (parts) => {
        const text = parts.map(([name, json]) => (json ? `{"${name}": 1}` : `say {${name}}.`)).join(' ')
        const expected = [...new Set(parts.filter(([, json]) => !json).map(([name]) => name))]
        expect(templateVariables(text)).toEqual(expected)
      }),
    )
  })
})
