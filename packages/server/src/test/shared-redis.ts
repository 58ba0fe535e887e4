import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'

// Redis for tests of queue mode's shared state: the machine's Redis (or WEFT_TEST_REDIS_URL) under
// a prefix of the test's own, never flushed; and a redis-server of a test's own, to stop and start.

export const TEST_REDIS_URL = process.env.WEFT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** The prefix every test key starts with; each call a new one, so runs never see each other's keys. */
export const testRedisPrefix = (name: string) => `weft-h4-test-${name}-${randomBytes(4).toString('hex')}`

/** Removes the keys under `prefix` (SCAN, never FLUSH: the Redis is shared). */
export async function removeRedisKeys(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url)
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500)
      cursor = next
      if (keys.length > 0) await redis.del(...keys)
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

/** Whether a Redis answers at `url` now. */
async function answers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  probe.on('error', () => {})
  try {
    await probe.connect()
    await probe.ping()
    return true
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}

export interface OwnRedis {
  url: string
  /** Starts redis-server on the port (again), and resolves once it answers. */
  start(): Promise<void>
  /** Stops it (SIGKILL, as a crash would), if it runs. */
  stop(): Promise<void>
}

/** A redis-server of the test's own on `port`, keeping nothing on disk. */
export function ownRedis(port: number): OwnRedis {
  let child: ChildProcess | undefined
  const url = `redis://127.0.0.1:${port}`
  return {
    url,
    async start() {
      if (await answers(url)) throw new Error(`Port ${port} is taken: another Redis runs there`)
      const started = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      })
      child = started
      // Never left running after the test process, even one cut short.
      const killOnExit = () => started.kill('SIGKILL')
      process.once('exit', killOnExit)
      started.once('exit', () => process.off('exit', killOnExit))
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
      probe.on('error', () => {})
      try {
        for (let tries = 0; ; tries++) {
          // Exited at once: the port is taken (by another Redis, which must not be mistaken for this one).
          if (started.exitCode !== null) throw new Error(`redis-server could not start on port ${port}`)
          try {
            await probe.connect()
            await probe.ping()
            return
          } catch (error) {
            if (tries > 100) throw error
            await new Promise((resolve) => setTimeout(resolve, 50))
          }
        }
      } finally {
        probe.disconnect()
      }
    },
    async stop() {
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL')
        await once(child, 'exit')
      }
    },
  }
}
