import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'

/**
 * What changed, for the caches that must agree between servers: a cache of flows listens to
 * `flow`, and so on. Keys: a flow's id, a credential's id, a workspace's id for its variables,
 * an API key's id.
 */
export const INVALIDATION_TOPICS = {
  flow: 'flow',
  credential: 'credential',
  variables: 'variables',
  apiKey: 'api-key',
} as const

export type InvalidationTopic = (typeof INVALIDATION_TOPICS)[keyof typeof INVALIDATION_TOPICS]

/** A listener gets the key that changed, or null: changes may have been missed, forget every entry. */
export type InvalidationListener = (key: string | null) => void

/**
 * The one way a cache hears that what it holds changed, here or on another server. In one
 * process it is a list of listeners; in queue mode a change is also published on Redis, so every
 * server and worker hears it. Listeners on this process are called at once, before `publish`
 * returns; those elsewhere a moment later. A cache of flows by id, for instance, kept per app:
 *
 *   const flows = new Map<string, FlowRow>()
 *   sharedOf(ctx).invalidation.on(INVALIDATION_TOPICS.flow, (id) => (id === null ? flows.clear() : flows.delete(id)))
 *
 * and after a change is written, `announceChange(ctx, INVALIDATION_TOPICS.flow, id)` (flow,
 * credential, variable and API key edits and deletes already do).
 */
export interface SharedInvalidation {
  /** Says that `key` of `topic` changed (was edited or deleted). Never throws, never waits. */
  publish(topic: InvalidationTopic, key: string): void
  /** Calls `listener` on each change of the topic; answers the function that stops it. */
  on(topic: InvalidationTopic, listener: InvalidationListener): () => void
}

function listeners() {
  const byTopic = new Map<string, Set<InvalidationListener>>()
  return {
    add(topic: string, listener: InvalidationListener) {
      let set = byTopic.get(topic)
      if (!set) byTopic.set(topic, (set = new Set()))
      set.add(listener)
      return () => void set.delete(listener)
    },
    /** `topic` undefined: every topic (with key null). A listener that throws does not stop the others. */
    call(topic: string | undefined, key: string | null) {
      const sets = topic === undefined ? [...byTopic.values()] : [byTopic.get(topic) ?? new Set()]
      for (const set of sets) {
        for (const listener of set) {
          try {
            listener(key)
          } catch {
            // A cache that fails to forget must not keep the others from forgetting.
          }
        }
      }
    },
  }
}

/** Single-process mode: changes reach this process's listeners only. */
export function memoryInvalidation(): SharedInvalidation {
  const local = listeners()
  return {
    publish: (topic, key) => local.call(topic, key),
    on: (topic, listener) => local.add(topic, listener),
  }
}

interface Message {
  from: string
  topic?: string
  key?: string
  /** Changes may have been missed: every listener of every topic forgets everything. */
  all?: true
}

/** Changes not yet published while Redis was away, at most this many; more, and everything is forgotten. */
const MAX_UNSENT = 1000

/**
 * Queue mode: changes are published on `channel` through `redis` and heard through `subscriber`
 * (a connection of its own, which Redis requires for subscribing). While Redis is away, changes
 * made here wait and are sent once it is back; and when this process's subscription comes back
 * after a break, its listeners get null, since changes elsewhere may have been missed meanwhile.
 */
export function redisInvalidation(redis: Redis, subscriber: Redis, channel: string): SharedInvalidation {
  const id = randomUUID()
  const local = listeners()
  let unsent = new Map<string, Message>()
  let tooMany = false
  let subscribedOnce = false

  const send = (message: Message) => redis.publish(channel, JSON.stringify(message))
  const keep = (message: Message) => {
    if (unsent.size >= MAX_UNSENT) tooMany = true
    else unsent.set(JSON.stringify([message.topic, message.key]), message)
  }
  const flush = () => {
    const waiting = tooMany ? [{ from: id, all: true as const }] : [...unsent.values()]
    unsent = new Map()
    tooMany = false
    for (const message of waiting) send(message).catch(() => keep(message))
  }
  redis.on('ready', flush)

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return
    let message: Message
    try {
      message = JSON.parse(text) as Message
    } catch {
      return
    }
    if (message.from === id) return
    if (message.all) local.call(undefined, null)
    else if (typeof message.topic === 'string' && typeof message.key === 'string')
      local.call(message.topic, message.key)
  })
  // ioredis subscribes again by itself after a reconnect; what was said meanwhile is lost.
  subscriber.on('ready', () => {
    if (subscribedOnce) local.call(undefined, null)
    subscribedOnce = true
  })
  subscriber.subscribe(channel).catch(() => {})

  return {
    publish(topic, key) {
      local.call(topic, key)
      const message: Message = { from: id, topic, key }
      if (redis.status !== 'ready') return keep(message)
      send(message).catch(() => keep(message))
    },
    on: (topic, listener) => local.add(topic, listener),
  }
}
