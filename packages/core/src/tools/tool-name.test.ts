import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { explainToolName, TOOL_NAME_PATTERN } from './tool-name.js'

describe('tool names', () => {
  it('accepts the names models accept', () => {
    for (const name of ['get_order_status', 'getOrderStatus', 'search-web', 'x', 'a'.repeat(64), 'tool2']) {
      expect(explainToolName(name), name).toBeUndefined()
    }
  })

  it('explains what is wrong with a name a model would refuse', () => {
    expect(explainToolName('')).toBe('is required')
    expect(explainToolName('a'.repeat(65))).toBe('must be at most 64 characters')
    expect(explainToolName('add tax!')).toBe(
      'must hold only letters, digits, _ and - (not a space, "!"), e.g. get_order_status',
    )
    expect(explainToolName('été')).toBe('must hold only letters, digits, _ and - (not "é"), e.g. get_order_status')
  })

  it('explains every name the pattern refuses and none it accepts', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (name) => {
        expect(explainToolName(name) === undefined).toBe(TOOL_NAME_PATTERN.test(name))
      }),
    )
  })
})
