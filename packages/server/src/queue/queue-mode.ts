import { Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import type { QueueConfig } from '../config.js'
import { QUEUE_NAMES, type RunQueueName } from './names.js'
import { connectRedis } from './redis.js'

/** Queue mode's connections and queues, shared by the server's routes and services. */
export interface QueueMode {
  config: QueueConfig
  /** Commands that must not wait while Redis is down (enqueue, publish, counts). */
  redis: Redis
  /** The BullMQ queues, by name, for adding jobs and for the queue screen. */
  queues: Record<RunQueueName, Queue>
  close(): Promise<void>
}

export function openQueueMode(config: QueueConfig): QueueMode {
  const redis = connectRedis(config, { blocking: false, name: 'server' })
  const queues = Object.fromEntries(
    QUEUE_NAMES.map((name) => [name, new Queue(name, { connection: redis, prefix: config.prefix })]),
  ) as Record<RunQueueName, Queue>
  for (const queue of Object.values(queues)) queue.on('error', () => {})
  return {
    config,
    redis,
    queues,
    async close() {
      await Promise.all(Object.values(queues).map((queue) => queue.close()))
      redis.disconnect()
    },
  }
}
