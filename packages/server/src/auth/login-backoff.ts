import { loginWaitMs } from '@weft/core'

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
 * (the rule is `loginWaitMs`). Kept in the process's memory; queue mode will move it to Redis.
 */
export interface LoginBackoff {
  /**
   * Milliseconds the account must still wait; 0 lets the try go ahead, and counts it as a wrong
   * password until `succeeded` says otherwise, so tries sent all at once cannot slip past the count.
   */
  startAttempt(account: string): number
  /** The password was right: the account starts afresh. */
  succeeded(account: string): void
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
      if (wait > 0) return wait
      // Set anew so the map stays in order of last try, oldest first.
      accounts.delete(account)
      accounts.set(account, { count: (entry?.count ?? 0) + 1, last: now() })
      if (accounts.size > maxAccounts) accounts.delete(accounts.keys().next().value as string)
      return 0
    },
    succeeded(account) {
      accounts.delete(account)
    },
  }
}
