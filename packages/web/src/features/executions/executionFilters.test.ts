import { describe, expect, it } from 'vitest'
import { NO_FILTERS, toExecutionQuery } from './executionFilters'

describe('toExecutionQuery', () => {
  it('sends only the filters set, pages from 1, and a picked day from its first to its last moment', () => {
    expect(toExecutionQuery(NO_FILTERS, 0, 10)).toEqual({ page: 1, limit: 10 })
    const query = toExecutionQuery(
      { agentflowId: 'f1', state: 'ERROR', sessionId: '  abc  ', from: '2024-05-01', to: '2024-05-03' },
      2,
      25,
    )
    expect(query).toEqual({
      agentflowId: 'f1',
      state: 'ERROR',
      sessionId: 'abc',
      startDate: new Date(2024, 4, 1, 0, 0, 0, 0).toISOString(),
      endDate: new Date(2024, 4, 3, 23, 59, 59, 999).toISOString(),
      page: 3,
      limit: 25,
    })
  })
})
