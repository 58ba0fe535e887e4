/** The states of a queue's jobs the queue screen and GET /queue count, in the order they are shown. */
export const QUEUE_JOB_STATES = ['waiting', 'active', 'completed', 'failed', 'delayed'] as const

export type QueueJobState = (typeof QUEUE_JOB_STATES)[number]

export const isQueueJobState = (value: string): value is QueueJobState =>
  (QUEUE_JOB_STATES as readonly string[]).includes(value)

export type QueueCounts = Record<QueueJobState, number>

/** One queue as GET /queue answers it. */
export interface QueueSummary {
  /** The queue's name in Redis, e.g. `chatflow-runs`. */
  name: string
  /** What the screen calls it, e.g. `Chatflow answers`. */
  label: string
  counts: QueueCounts
}

/**
 * GET /queue: `main` when every run happens in the server process (no queue to show), `queue`
 * when runs are jobs on Redis, with each queue's counts.
 */
export type QueueOverview = { mode: 'main'; queues: [] } | { mode: 'queue'; queues: QueueSummary[] }

/**
 * One job as the queue screen lists it: ids, names and times only, never the job's data (the
 * question of a run may be private).
 */
export interface QueueJob {
  id: string
  /** The job's kind as the server named it when it added the job. */
  name: string
  state: QueueJobState | 'unknown'
  flowId: string | null
  flowName: string | null
  /** ISO times: added, taken by a worker, ended (completed or failed). */
  createdAt: string
  processedAt: string | null
  finishedAt: string | null
  /** Attempts made so far, and how many it may have. */
  attempts: number
  maxAttempts: number
  /** Why its last attempt failed; null unless it failed. */
  failedReason: string | null
}

/** GET /queue/:name/jobs: one page of a queue's jobs in one state, newest first. */
export interface QueueJobPage {
  queue: string
  state: QueueJobState
  jobs: QueueJob[]
  /** How many jobs are in that state in all. */
  total: number
  page: number
  limit: number
}
