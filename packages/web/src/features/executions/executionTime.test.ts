import { describe, expect, it } from 'vitest'
import { executionDuration, formatDuration } from './executionTime'
import { executionOf } from './test/executionFixtures'

describe('formatDuration', () => {
  it.each([
    [340, '340 ms'],
    [2_449, '2.4 s'],
    [185_000, '3 min 5 s'],
    [120_000, '2 min'],
  ])('%i ms reads as %s', (ms, text) => expect(formatDuration(ms)).toBe(text))
})

describe('executionDuration', () => {
  it('runs from the start to the stop, and is unknown while the run goes on', () => {
    expect(executionDuration(executionOf('e1', []))).toBe(4500)
    expect(executionDuration(executionOf('e2', [], { state: 'INPROGRESS', stoppedDate: null }))).toBeUndefined()
  })
})
