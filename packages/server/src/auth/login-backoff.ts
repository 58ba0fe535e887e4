import { LOGIN_MAX_WAIT_MS, loginWaitMs } from '@weft/core'
import type { Redis } from 'ioredis'

interface Failures {
  count: number
  /** When the last try started (ms since the epoch). */
  last: number
}

/** Wrong passwords are forgotten after this long without a new try, so old typos stop counting. */
const FORGET_AFTER_MS = 15 * 60_000

/** Accounts remembered at most; the longest quiet go first, so made-up addresses cannot grow memory. */
const MAX_ACCOUNTS = 100_000

/**
 * Wrong passwords in a row per account, whatever address they come from, and the wait they impose
 * (the rule is `loginWaitMs`). In the process's memory (`createLoginBackoff`), or in queue mode in
 * Redis (`redisLoginBackoff`), so a wrong password on one server counts on every other.
 */
export interface LoginBackoff {
  /**
   * Milliseconds the account must still wait; 0 lets the try go ahead, and counts it as a wrong
   * password until `succeeded` says otherwise, so tries sent all at once cannot slip past the count.
   */
  startAttempt(account: string): Promise<number>
  /** The password was right: the account starts afresh. */
  succeeded(account: string): Promise<void>
}

export function createLoginBackoff(now: () => number = () => Date.now(), maxAccounts = MAX_ACCOUNTS): LoginBackoff {
  const accounts = new Map<string, Failures>()
  const current = (account: string): Failures | undefined => {
    const entry = accounts.get(account)
    if (entry && now() - entry.last <= FORGET_AFTER_MS) return entry
    accounts.delete(account)
    return undefined
  }
  return {
    startAttempt(account) {
      const entry = current(account)
      const wait = entry ? entry.last + loginWaitMs(entry.count) - now() : 0
      if (wait > 0) return Promise.resolve(wait)
      // Set anew so the map stays in order of last try, oldest first.
      accounts.delete(account)
      accounts.set(account, { count: (entry?.count ?? 0) + 1, last: now() })
      if (accounts.size > maxAccounts) accounts.delete(accounts.keys().next().value as string)
      return Promise.resolve(0)
    },
    succeeded(account) {
      accounts.delete(account)
      return Promise.resolve()
    },
  }
}

/** `loginWaitMs` for 0, 1, 2… wrong passwords, up to the first that waits the longest: the rule, as a table for Lua. */
const WAITS: readonly number[] = (() => {
  const waits: number[] = []
  for (let failures = 0; waits.at(-1) !== LOGIN_MAX_WAIT_MS && failures < 1000; failures++)
    waits.push(loginWaitMs(failures))
  return waits
})()

// The same rule as the memory backoff, in one atomic step. ARGV: now, forget-after, then WAITS.
const START_ATTEMPT = `
local now = tonumber(ARGV[1])
local forget = tonumber(ARGV[2])
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
if count > 0 and now - last > forget then count = 0 end
if count > 0 then
  local wait = last + tonumber(ARGV[math.min(3 + count, #ARGV)]) - now
  if wait > 0 then return wait end
end
redis.call('HSET', KEYS[1], 'count', count + 1, 'last', now)
redis.call('PEXPIRE', KEYS[1], forget)
return 0
`

type WithBackoff = Redis & { weftLoginAttempt(key: string, ...args: number[]): Promise<number> }

/**
 * The backoff in Redis, one hash per account under `keyOf(account)` that expires once its
 * failures are forgotten. While Redis cannot be reached, `fallback` (this process's memory)
 * counts instead: sign-ins are still slowed, per server, and nobody waits for Redis.
 */
export function redisLoginBackoff(
  redis: Redis,
  keyOf: (account: string) => string,
  fallback: LoginBackoff,
  now: () => number = () => Date.now(),
): LoginBackoff {
  const client = redis as WithBackoff
  if (typeof client.weftLoginAttempt !== 'function')
    client.defineCommand('weftLoginAttempt', { numberOfKeys: 1, lua: START_ATTEMPT })
  return {
    async startAttempt(account) {
      if (redis.status !== 'ready') return fallback.startAttempt(account)
      try {
        return await client.weftLoginAttempt(keyOf(account), now(), FORGET_AFTER_MS, ...WAITS)
      } catch {
        return fallback.startAttempt(account)
      }
    },
    async succeeded(account) {
      await fallback.succeeded(account)
      if (redis.status !== 'ready') return
      await redis.del(keyOf(account)).catch(() => {})
    },
  }
}
