import { describe, expect, it } from 'vitest'
import { codeTokens } from './code-tokens.js'

describe('codeTokens', () => {
  it('separates code from strings and drops comments', () => {
    const source = `// return 'no'\nif (x) return "Agent" /* return 'no' */\nreturn \`End\``
    expect(codeTokens(source)).toEqual([
      { kind: 'code', text: '\nif (x) return ' },
      { kind: 'string', text: 'Agent' },
      { kind: 'code', text: '  \nreturn ' },
      { kind: 'string', text: 'End' },
    ])
  })

  it('keeps escaped quotes inside a string', () => {
    expect(codeTokens(`return 'it\\'s'`)).toEqual([
      { kind: 'code', text: 'return ' },
      { kind: 'string', text: "it's" },
    ])
  })

  it('survives an unterminated string or comment', () => {
    expect(codeTokens(`return 'open`)).toEqual([
      { kind: 'code', text: 'return ' },
      { kind: 'string', text: 'open' },
    ])
    expect(codeTokens('x /* open')).toEqual([{ kind: 'code', text: 'x  ' }])
  })
})
