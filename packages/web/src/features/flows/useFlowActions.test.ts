import { describe, expect, it } from 'vitest'
import { FLOW_NAME_MAX_LENGTH } from './flowNameRules'
import { copyName } from './useFlowActions'

describe('name of a duplicated flow', () => {
  it('adds (copy) to the name', () => {
    expect(copyName('Support bot')).toBe('Support bot (copy)')
  })

  it('still fits the name limit, so duplicating a long-named flow does not fail', () => {
    const copy = copyName('x'.repeat(FLOW_NAME_MAX_LENGTH))
    expect(copy).toHaveLength(FLOW_NAME_MAX_LENGTH)
    expect(copy.endsWith(' (copy)')).toBe(true)
  })
})
