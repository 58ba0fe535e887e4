import { describe, expect, it } from 'vitest'
import { isFiltered, isRangeReversed, NO_FILTER, toMessageFilter } from './messageFilter'

describe('toMessageFilter', () => {
  it('selects everything when nothing is picked', () => {
    expect(toMessageFilter(NO_FILTER)).toEqual({})
    expect(isFiltered(NO_FILTER)).toBe(false)
  })

  it('sends the source, the rating, and the picked days from their first to their last local millisecond', () => {
    const choice = { source: 'embed', from: '2026-03-01', to: '2026-03-02', feedback: 'THUMBS_DOWN' } as const
    expect(toMessageFilter(choice)).toEqual({
      source: 'embed',
      startDate: new Date(2026, 2, 1, 0, 0, 0, 0).toISOString(),
      endDate: new Date(2026, 2, 2, 23, 59, 59, 999).toISOString(),
      feedbackType: 'THUMBS_DOWN',
    })
    expect(isFiltered(choice)).toBe(true)
  })

  it('notices a range that ends before it starts', () => {
    expect(isRangeReversed({ ...NO_FILTER, from: '2026-03-02', to: '2026-03-01' })).toBe(true)
    expect(isRangeReversed({ ...NO_FILTER, from: '2026-03-02' })).toBe(false)
  })
})
