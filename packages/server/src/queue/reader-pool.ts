import type { Redis } from 'ioredis'
import type { QueueConfig } from '../config.js'
import { connectRedis } from './redis.js'

/** Idle connections always kept for the next runs. */
const KEEP_IDLE = 32
/** Idle connections beyond KEEP_IDLE are closed once unused this long (a burst's are kept for the next burst). */
const IDLE_CLOSE_MS = 30_000

/**
 * Connections for reading run streams with XREAD BLOCK, one per relayed run while it runs (a
 * blocking read holds its connection), reused by the next runs. Every released connection is kept
 * while it is used again within IDLE_CLOSE_MS: with more runs at once than KEEP_IDLE, closing the
 * extra ones at once made each next run open a new connection (connect, INFO, CLIENT SETNAME).
 */
export function readerPool(config: QueueConfig) {
  /** Most recently released last; each with when it was released. */
  const idle: { reader: Redis; since: number }[] = []
  const all = new Set<Redis>()
  const close = (reader: Redis) => {
    all.delete(reader)
    reader.disconnect()
  }
  const sweep = setInterval(() => {
    const old = Date.now() - IDLE_CLOSE_MS
    while (idle.length > KEEP_IDLE && idle[0]!.since < old) close(idle.shift()!.reader)
  }, IDLE_CLOSE_MS / 3)
  sweep.unref()
  return {
    acquire(): Redis {
      const reader = idle.pop()?.reader ?? connectRedis(config, { blocking: true, name: 'relay' })
      all.add(reader)
      return reader
    },
    release(reader: Redis): void {
      if (reader.status === 'ready') idle.push({ reader, since: Date.now() })
      else close(reader)
    },
    close(): void {
      clearInterval(sweep)
      for (const reader of all) reader.disconnect()
      all.clear()
      idle.length = 0
    },
  }
}
