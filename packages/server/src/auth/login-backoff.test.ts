import { LOGIN_FAILURES_BEFORE_WAIT, LOGIN_MAX_WAIT_MS } from '@weft/core'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { removeRedisKeys, testRedisPrefix, TEST_REDIS_URL } from '../test/shared-redis.js'
import { createLoginBackoff, redisLoginBackoff, type LoginBackoff } from './login-backoff.js'

const clock = () => {
  let time = 1_000_000
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

const tryTimes = async (backoff: LoginBackoff, account: string, times: number) => {
  for (let i = 0; i < times; i++) expect(await backoff.startAttempt(account)).toBe(0)
}

const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true })
const prefixes: string[] = []
const newPrefix = () => {
  const prefix = testRedisPrefix('backoff')
  prefixes.push(prefix)
  return prefix
}
afterAll(async () => {
  await Promise.all(prefixes.map((prefix) => removeRedisKeys(prefix)))
  redis.disconnect()
})

/** The same rule in memory and in Redis (queue mode), each on a clock of the test's. */
const kinds: [string, (now: () => number) => Promise<LoginBackoff>][] = [
  ['memory', (now) => Promise.resolve(createLoginBackoff(now))],
  [
    'Redis',
    async (now) => {
      if (redis.status === 'wait') await redis.connect()
      const prefix = newPrefix()
      return redisLoginBackoff(redis, (account) => `${prefix}:${account}`, createLoginBackoff(now), now)
    },
  ],
]

describe.each(kinds)('sign-in backoff per account, in %s', (_kind, create) => {
  it('makes an account wait after a few wrong passwords, and only that account', async () => {
    const c = clock()
    const backoff = await create(c.now)
    await tryTimes(backoff, 'ada@example.com', LOGIN_FAILURES_BEFORE_WAIT)
    expect(await backoff.startAttempt('ada@example.com')).toBe(1000)
    expect(await backoff.startAttempt('bob@example.com')).toBe(0)
    c.advance(400)
    // Refused tries do not count, so they do not lengthen the wait.
    expect(await backoff.startAttempt('ada@example.com')).toBe(600)
    c.advance(600)
    expect(await backoff.startAttempt('ada@example.com')).toBe(0)
    expect(await backoff.startAttempt('ada@example.com')).toBe(2000)
  })

  it('starts afresh after a right password, and forgets old failures', async () => {
    const c = clock()
    const backoff = await create(c.now)
    await tryTimes(backoff, 'ada@example.com', LOGIN_FAILURES_BEFORE_WAIT)
    await backoff.succeeded('ada@example.com')
    await tryTimes(backoff, 'ada@example.com', LOGIN_FAILURES_BEFORE_WAIT)
    c.advance(16 * 60_000)
    await tryTimes(backoff, 'ada@example.com', LOGIN_FAILURES_BEFORE_WAIT)
  })

  it('never makes the owner wait more than five minutes after the last wrong password', async () => {
    const c = clock()
    const backoff = await create(c.now)
    let longest = 0
    for (let i = 0; i < 50; i++) {
      c.advance(longest)
      expect(await backoff.startAttempt('ada@example.com')).toBe(0)
      longest = await backoff.startAttempt('ada@example.com')
    }
    expect(longest).toBe(LOGIN_MAX_WAIT_MS)
  })
})

describe('sign-in backoff in memory', () => {
  it('remembers a bounded number of accounts, dropping the longest quiet first', async () => {
    const c = clock()
    const backoff = createLoginBackoff(c.now, 2)
    await tryTimes(backoff, 'a@example.com', LOGIN_FAILURES_BEFORE_WAIT)
    await tryTimes(backoff, 'b@example.com', LOGIN_FAILURES_BEFORE_WAIT)
    c.advance(1000)
    await tryTimes(backoff, 'a@example.com', 1)
    await tryTimes(backoff, 'c@example.com', 1)
    expect(await backoff.startAttempt('a@example.com')).toBe(2000)
    expect(await backoff.startAttempt('b@example.com')).toBe(0)
  })
})

describe('sign-in backoff in Redis', () => {
  it('keeps an account only while its failures count, then lets Redis forget it', async () => {
    if (redis.status === 'wait') await redis.connect()
    const prefix = newPrefix()
    const backoff = redisLoginBackoff(redis, (account) => `${prefix}:${account}`, createLoginBackoff())
    await backoff.startAttempt('ada@example.com')
    const ttl = await redis.pttl(`${prefix}:ada@example.com`)
    expect(ttl).toBeGreaterThan(14 * 60_000)
    expect(ttl).toBeLessThanOrEqual(15 * 60_000)
    await backoff.succeeded('ada@example.com')
    expect(await redis.exists(`${prefix}:ada@example.com`)).toBe(0)
  })
})
