import { describe, expect, it } from 'vitest'
import { cachedLookup } from './cached-lookup.js'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
// Lets a refresh started behind the caller finish.
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** A lookup whose answers the test hands out one by one, on a clock the test moves. */
function setUp(answers: (number | Error)[]) {
  let clock = 0
  let calls = 0
  const lookup = cachedLookup(
    async () => {
      const answer = answers[calls++]
      if (answer instanceof Error || answer === undefined) throw answer ?? new Error('no answer')
      return answer
    },
    { freshMs: DAY, retryMs: HOUR, now: () => clock },
  )
  return { lookup, calls: () => calls, advance: (ms: number) => (clock += ms) }
}

describe('cachedLookup', () => {
  it('looks up once a day, answering the known value meanwhile and while refreshing', async () => {
    const s = setUp([1, 2])
    expect(await Promise.all([s.lookup(), s.lookup()])).toEqual([1, 1])
    s.advance(DAY - 1)
    expect(await s.lookup()).toBe(1)
    expect(s.calls()).toBe(1)
    s.advance(1)
    expect(await s.lookup()).toBe(1)
    expect(s.calls()).toBe(2)
    await settle()
    expect(await s.lookup()).toBe(2)
  })

  it('after a failure answers null, or the last value, and tries again an hour later', async () => {
    const s = setUp([new Error('offline'), 7, new Error('offline')])
    expect(await s.lookup()).toBeNull()
    s.advance(HOUR - 1)
    expect(await s.lookup()).toBeNull()
    expect(s.calls()).toBe(1)
    s.advance(1)
    await s.lookup()
    await settle()
    expect(await s.lookup()).toBe(7)
    s.advance(DAY)
    await s.lookup()
    await settle()
    expect(await s.lookup()).toBe(7)
    expect(s.calls()).toBe(3)
  })
})
