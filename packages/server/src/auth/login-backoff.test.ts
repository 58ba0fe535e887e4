import { LOGIN_FAILURES_BEFORE_WAIT, LOGIN_MAX_WAIT_MS } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { createLoginBackoff, type LoginBackoff } from './login-backoff.js'

const clock = () => {
  let time = 1_000_000
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

const tryTimes = (backoff: LoginBackoff, account: string, times: number) => {
  for (let i = 0; i < times; i++) expect(backoff.startAttempt(account)).toBe(0)
}

describe('sign-in backoff per account', () => {
  it('makes an account wait after a few wrong passwords, and only that account', () => {
    const c = clock()
    const backoff = createLoginBackoff(c.now)
    tryTimes(backoff, 'ada@example.com', LOGIN_FAILURES_BEFORE_WAIT)
    expect(backoff.startAttempt('ada@example.com')).toBe(1000)
    expect(backoff.startAttempt('bob@example.com')).toBe(0)
    c.advance(400)
    // Refused tries do not count, so they do not lengthen the wait.
    expect(backoff.startAttempt('ada@example.com')).toBe(600)
    c.advance(600)
    expect(backoff.startAttempt('ada@example.com')).toBe(0)
    expect(backoff.startAttempt('ada@example.com')).toBe(2000)
  })

  it('starts afresh after a right password, and forgets old failures', () => {
    const c = clock()
    const backoff = createLoginBackoff(c.now)
    tryTimes(backoff, 'ada@example.com', LOGIN_FAILURES_BEFORE_WAIT)
    backoff.succeeded('ada@example.com')
    tryTimes(backoff, 'ada@example.com', LOGIN_FAILURES_BEFORE_WAIT)
    c.advance(16 * 60_000)
    tryTimes(backoff, 'ada@example.com', LOGIN_FAILURES_BEFORE_WAIT)
  })

  it('never makes the owner wait more than five minutes after the last wrong password', () => {
    const c = clock()
    const backoff = createLoginBackoff(c.now)
    let longest = 0
    for (let i = 0; i < 50; i++) {
      c.advance(longest)
      expect(backoff.startAttempt('ada@example.com')).toBe(0)
      longest = backoff.startAttempt('ada@example.com')
    }
    expect(longest).toBe(LOGIN_MAX_WAIT_MS)
  })

  it('remembers a bounded number of accounts, dropping the longest quiet first', () => {
    const c = clock()
    const backoff = createLoginBackoff(c.now, 2)
    tryTimes(backoff, 'a@example.com', LOGIN_FAILURES_BEFORE_WAIT)
    tryTimes(backoff, 'b@example.com', LOGIN_FAILURES_BEFORE_WAIT)
    c.advance(1000)
    tryTimes(backoff, 'a@example.com', 1)
    tryTimes(backoff, 'c@example.com', 1)
    expect(backoff.startAttempt('a@example.com')).toBe(2000)
    expect(backoff.startAttempt('b@example.com')).toBe(0)
  })
})
