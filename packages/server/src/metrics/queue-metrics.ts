import { QUEUE_JOB_STATES, type QueueCounts } from '@weft/core'
import { Gauge } from 'prom-client'
import { countJobs } from '../queue/admin.js'
import { QUEUE_NAMES, type RunQueueName } from '../queue/names.js'
import type { QueueMode } from '../queue/queue-mode.js'
import type { Metrics } from './registry.js'

interface Snapshot {
  at: number
  /** Undefined while Redis is unreachable. */
  queues: Promise<Record<RunQueueName, { counts: QueueCounts; oldestWaitingMs: number | undefined }> | undefined>
}

/** One scrape reads Redis once for all the queue gauges, however many ask. */
const SNAPSHOT_MS = 1000

/** The time the oldest waiting job was added (BullMQ's waiting list, read from its far end). */
async function oldestWaiting(queue: QueueMode['queues'][RunQueueName]): Promise<number | undefined> {
  const [oldest] = await queue.getJobs('waiting', 0, 0, true)
  return oldest?.timestamp
}

/**
 * Queue mode's gauges, read from Redis at scrape time: jobs per queue and state, the depth (jobs
 * not yet taken by a worker), how long the oldest waiting job has waited, and whether Redis
 * answered. While it does not, the per-queue gauges are left out rather than shown as zero.
 */
export function registerQueueMetrics(metrics: Metrics, mode: Pick<QueueMode, 'redis' | 'queues'>): void {
  let last: Snapshot | undefined
  const read = (): Snapshot['queues'] => {
    const now = Date.now()
    if (last && now - last.at < SNAPSHOT_MS) return last.queues
    const queues = (async () => {
      if (mode.redis.status !== 'ready') return undefined
      try {
        const entries = await Promise.all(
          QUEUE_NAMES.map(async (name) => {
            const queue = mode.queues[name]
            const [counts, oldest] = await Promise.all([countJobs(queue), oldestWaiting(queue)])
            return [name, { counts, oldestWaitingMs: oldest === undefined ? undefined : now - oldest }] as const
          }),
        )
        return Object.fromEntries(entries) as Awaited<Snapshot['queues']>
      } catch {
        return undefined
      }
    })()
    last = { at: now, queues }
    return queues
  }
  const registers = [metrics.registry]

  new Gauge({
    name: 'weft_queue_jobs',
    help: 'Jobs in each queue by state (waiting, active, completed, failed, delayed), read from Redis at scrape time',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset()
      const queues = await read()
      if (!queues) return
      for (const name of QUEUE_NAMES)
        for (const state of QUEUE_JOB_STATES) this.set({ queue: name, state }, queues[name].counts[state])
    },
  })
  new Gauge({
    name: 'weft_queue_depth',
    help: 'Jobs in each queue not yet taken by a worker (waiting and delayed)',
    labelNames: ['queue'],
    registers,
    async collect() {
      this.reset()
      const queues = await read()
      if (!queues) return
      for (const name of QUEUE_NAMES)
        this.set({ queue: name }, queues[name].counts.waiting + queues[name].counts.delayed)
    },
  })
  new Gauge({
    name: 'weft_queue_oldest_waiting_seconds',
    help: 'How long the oldest waiting job of each queue has waited for a worker (0 when none waits)',
    labelNames: ['queue'],
    registers,
    async collect() {
      this.reset()
      const queues = await read()
      if (!queues) return
      for (const name of QUEUE_NAMES) this.set({ queue: name }, (queues[name].oldestWaitingMs ?? 0) / 1000)
    },
  })
  new Gauge({
    name: 'weft_queue_redis_up',
    help: 'Whether Redis answered the queue gauges at scrape time (1) or not (0)',
    registers,
    async collect() {
      this.set((await read()) ? 1 : 0)
    },
  })
}
