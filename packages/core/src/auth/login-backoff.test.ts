import { describe, expect, it } from 'vitest'
import { LOGIN_FAILURES_BEFORE_WAIT, LOGIN_MAX_WAIT_MS, loginWaitMs } from './login-backoff.js'

describe('sign-in backoff', () => {
  it('lets the first few wrong passwords through without a wait', () => {
    for (let failures = 0; failures < LOGIN_FAILURES_BEFORE_WAIT; failures++) expect(loginWaitMs(failures)).toBe(0)
  })

  it('waits a second, then doubles the wait with each further wrong password', () => {
    const waits = [0, 1, 2, 3].map((extra) => loginWaitMs(LOGIN_FAILURES_BEFORE_WAIT + extra))
    expect(waits).toEqual([1000, 2000, 4000, 8000])
  })

  it('never waits longer than five minutes, however many tries failed', () => {
    expect(LOGIN_MAX_WAIT_MS).toBe(300_000)
    expect(loginWaitMs(LOGIN_FAILURES_BEFORE_WAIT + 8)).toBe(256_000)
    for (const failures of [LOGIN_FAILURES_BEFORE_WAIT + 9, 100, 10_000])
      expect(loginWaitMs(failures)).toBe(LOGIN_MAX_WAIT_MS)
  })
})
