import { describe, expect, it } from 'vitest'
import { estimateTokens, splitByTokenBudget } from './token-budget.js'

describe('splitting by a token budget', () => {
  const tokens = (text: string) => text.length

  it('keeps the newest items that fit and gives back the older ones, in order', () => {
    expect(splitByTokenBudget(['aaaa', 'bb', 'cc', 'd'], 4, tokens)).toEqual({
      older: ['aaaa', 'bb'],
      recent: ['cc', 'd'],
    })
    expect(splitByTokenBudget(['a', 'b'], 10, tokens)).toEqual({ older: [], recent: ['a', 'b'] })
  })

  it('always keeps the newest item', () => {
    expect(splitByTokenBudget(['a', 'bbbbbb'], 2, tokens)).toEqual({ older: ['a'], recent: ['bbbbbb'] })
    expect(splitByTokenBudget([], 2, tokens)).toEqual({ older: [], recent: [] })
  })

  it('estimates about four characters a token', () => {
    expect(estimateTokens('')).toBe(0)
    expect(estimateTokens('abcde')).toBe(2)
  })
})
