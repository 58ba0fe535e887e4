/**
 * The queues of queue mode, each a BullMQ queue on Redis. Chatflow answers and agentflow runs are
 * apart because a worker that dies treats them differently: a chatflow answer may already have
 * reached the model, so it is never run twice (it fails); an agentflow run goes on from its last
 * checkpoint on another worker.
 */
export const RUN_QUEUES = {
  chatflow: 'chatflow-runs',
  agentflow: 'agentflow-runs',
  /** Document store processing and upserts (the job's row in document_store_jobs says how it went). */
  documentStore: 'document-store-jobs',
} as const

export type RunQueueKind = keyof typeof RUN_QUEUES
export type RunQueueName = (typeof RUN_QUEUES)[RunQueueKind]

/** Every queue, in the order the queue screen lists them. */
export const QUEUE_NAMES: readonly RunQueueName[] = [
  RUN_QUEUES.chatflow,
  RUN_QUEUES.agentflow,
  RUN_QUEUES.documentStore,
]

/** What the queue screen calls each queue. */
export const QUEUE_LABELS: Record<RunQueueName, string> = {
  'chatflow-runs': 'Chatflow answers',
  'agentflow-runs': 'Agentflow runs',
  'document-store-jobs': 'Document store jobs',
}

/** The Redis keys and channels of queue mode besides BullMQ's own; all under the install's prefix. */
export const redisKeys = (prefix: string) => ({
  /** A Redis stream of one job's run events, in order, ending with its result. */
  runEvents: (jobId: string) => `${prefix}:run-events:${jobId}`,
  /** Stop and cancel messages for the workers (JSON, see `ControlMessage`). */
  control: `${prefix}:run-control`,
  /** How many answers of a chat run now, anywhere: Stop answers false when none does. */
  running: (flowId: string, chatId: string) => `${prefix}:running:${JSON.stringify([flowId, chatId])}`,
})
