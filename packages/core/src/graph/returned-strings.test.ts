import { describe, expect, it } from 'vitest'
import { returnedOutputNames } from './returned-strings.js'

describe('returnedOutputNames', () => {
  it('reads the strings a condition function returns, not those in comments', () => {
    const code = `// return 'Old'\nif ($flow.state.done) return 'End'\nif (x) return ("Retry")\nreturn 'Agent'`
    expect(returnedOutputNames(code)).toEqual(['End', 'Retry', 'Agent'])
  })

  it('reads both branches of a returned ternary, also over several lines', () => {
    expect(returnedOutputNames("return $flow.state.ok ? 'Done' : 'Retry'")).toEqual(['Done', 'Retry'])
    expect(returnedOutputNames("return ok\n  ? 'Done'\n  : 'Retry';")).toEqual(['Done', 'Retry'])
  })

  it('skips strings that are compared or passed to calls', () => {
    const code = `const mode = 'fast'; if (mode === 'slow') { return 'Wait' }\nreturn text.includes('yes') ? 'Agent' : 'End'`
    expect(returnedOutputNames(code)).toEqual(['Wait', 'Agent', 'End'])
  })

  it('lists each name once', () => {
    expect(returnedOutputNames("if (a) return 'A'; return 'A'")).toEqual(['A'])
  })
})
