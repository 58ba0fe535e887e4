import type { Redis } from 'ioredis'

/** One call counted: how many in the current window so far (this one included), and when it ends. */
export interface Count {
  count: number
  /** Milliseconds until the window ends and the count starts afresh. */
  resetInMs: number
}

/**
 * Fixed-window counts of calls, per key: the first call starts a window of `windowMs`, the calls
 * in it add up, and the count starts afresh after it. Rate limits are built on this.
 */
export interface Counters {
  hit(key: string, windowMs: number): Promise<Count>
}

interface Window {
  count: number
  startMs: number
  windowMs: number
}

/** Keys remembered at most by the memory counters; the oldest windows go first. */
const MAX_KEYS = 10_000

/** In this process's memory, bounded: made-up keys cannot grow it without end. */
export function memoryCounters(now: () => number = Date.now, maxKeys = MAX_KEYS): Counters {
  const windows = new Map<string, Window>()
  const forgetOld = (nowMs: number) => {
    if (windows.size < maxKeys) return
    for (const [key, entry] of windows) if (entry.startMs + entry.windowMs <= nowMs) windows.delete(key)
    // Still full: the oldest go first (a Map keeps insertion order).
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break
      windows.delete(key)
    }
  }
  return {
    hit(key, windowMs) {
      const nowMs = now()
      let entry = windows.get(key)
      if (!entry || entry.startMs + entry.windowMs <= nowMs) {
        forgetOld(nowMs)
        windows.delete(key)
        entry = { count: 0, startMs: nowMs, windowMs }
        windows.set(key, entry)
      }
      entry.count += 1
      return Promise.resolve({ count: entry.count, resetInMs: Math.max(0, entry.startMs + entry.windowMs - nowMs) })
    },
  }
}

// Atomic: the count goes up and its window is set on the first call (or when a key somehow has none).
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`

type WithHit = Redis & { weftHit(key: string, windowMs: number): Promise<[number, number]> }

/**
 * In Redis, under `keyOf(key)`, so every server counts together. While Redis cannot be reached
 * (or does not answer in time), calls are counted by `fallback` instead, in this process: a limit
 * then holds per server rather than not at all, and no caller waits for Redis or gets an error.
 */
export function redisCounters(redis: Redis, keyOf: (key: string) => string, fallback: Counters): Counters {
  const client = redis as WithHit
  if (typeof client.weftHit !== 'function') client.defineCommand('weftHit', { numberOfKeys: 1, lua: HIT })
  return {
    async hit(key, windowMs) {
      if (redis.status !== 'ready') return fallback.hit(key, windowMs)
      try {
        const [count, ttl] = await client.weftHit(keyOf(key), windowMs)
        return { count, resetInMs: ttl }
      } catch {
        return fallback.hit(key, windowMs)
      }
    },
  }
}
