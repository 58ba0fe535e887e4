import type { Redis } from 'ioredis'
import type { QueueConfig } from '../config.js'
import { connectRedis } from './redis.js'

/** Idle connections kept for the next runs; more than this are closed when released. */
const KEEP_IDLE = 32

/**
 * Connections for reading run streams with XREAD BLOCK, one per relayed run while it runs (a
 * blocking read holds its connection), reused by the next runs.
 */
export function readerPool(config: QueueConfig) {
  const idle: Redis[] = []
  const all = new Set<Redis>()
  return {
    acquire(): Redis {
      const reader = idle.pop() ?? connectRedis(config, { blocking: true, name: 'relay' })
      all.add(reader)
      return reader
    },
    release(reader: Redis): void {
      if (idle.length < KEEP_IDLE && reader.status === 'ready') idle.push(reader)
      else {
        all.delete(reader)
        reader.disconnect()
      }
    },
    close(): void {
      for (const reader of all) reader.disconnect()
      all.clear()
      idle.length = 0
    },
  }
}
