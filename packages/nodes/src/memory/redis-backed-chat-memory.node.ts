import type { ChatTurn } from '@weft/core'
import { defineNode } from '../define-node.js'
import type { MemoryValue } from '../runtime/memory.js'
import { isRecord, readNumber, readText } from '../runtime/read-input.js'
import { memoryKeyParam, sessionIdParam } from './memory-params.js'
import { redisTargetOf, withRedis } from './redis-connection.js'

// Kept as Flowise keeps it, so a session Flowise stored is read here and the other way round: a
// Redis list under the session id, newest message first, each `{ "type": "human" | "ai", "data": { "content" } }`.

function turnOf(raw: string): ChatTurn | undefined {
  try {
    const message: unknown = JSON.parse(raw)
    if (!isRecord(message) || !isRecord(message.data) || typeof message.data.content !== 'string') return undefined
    return { role: message.type === 'human' ? 'userMessage' : 'apiMessage', content: message.data.content }
  } catch {
    return undefined
  }
}

const storedOf = (turn: ChatTurn) =>
  JSON.stringify({ type: turn.role === 'userMessage' ? 'human' : 'ai', data: { content: turn.content } })

function readWholeNumber(raw: unknown, input: string, label: string): number | undefined {
  const value = readNumber(raw)
  if (value !== undefined && (!Number.isInteger(value) || value < 1))
    throw new Error(`${label}: ${input} must be a whole number above 0.`)
  return value
}

export default defineNode({
  descriptor: {
    label: 'Redis-Backed Chat Memory',
    name: 'RedisBackedChatMemory',
    version: 1,
    type: 'RedisBackedChatMemory',
    category: 'Memory',
    description: 'Remember the conversation in a Redis server of yours, optionally only the last few exchanges.',
    icon: 'RedisBackedChatMemory.svg',
    color: '#D82C20',
    baseClasses: ['RedisBackedChatMemory', 'BaseChatMemory', 'BaseMemory'],
    credential: {
      label: 'Connect Credential',
      credentialNames: ['redisCacheApi', 'redisCacheUrlApi'],
      optional: true,
    },
    canvases: ['chatflow'],
    inputs: [
      sessionIdParam,
      {
        label: 'Session Timeouts',
        name: 'sessionTTL',
        type: 'number',
        description: 'Seconds a session is kept after its last message; empty keeps it for ever.',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      memoryKeyParam,
      {
        label: 'Window Size',
        name: 'windowSize',
        type: 'number',
        description: 'Send only the last few exchanges (a question and its answer) to the model.',
        step: 1,
        optional: true,
        additionalParams: true,
      },
    ],
  },
  run: async ({ inputs, credential, scope, label }): Promise<MemoryValue> => {
    const target = redisTargetOf(credential, label)
    const sessionTTL = readWholeNumber(inputs.sessionTTL, 'Session Timeouts', label)
    const windowSize = readWholeNumber(inputs.windowSize, 'Window Size', label)
    const { fetch } = scope
    return {
      kind: 'memory',
      sessionId: readText(inputs.sessionId).trim(),
      ...(windowSize === undefined ? {} : { windowSize }),
      store: {
        history: (sessionId, limit) =>
          withRedis(target, fetch, label, async (client) => {
            const newestFirst = await client.lRange(sessionId, 0, limit === undefined ? -1 : limit - 1)
            return newestFirst
              .reverse()
              .map(turnOf)
              .filter((turn) => turn !== undefined)
          }),
        append: (sessionId, turns) =>
          withRedis(target, fetch, label, async (client) => {
            await client.lPush(sessionId, turns.map(storedOf))
            if (sessionTTL !== undefined) await client.expire(sessionId, sessionTTL)
          }),
      },
    }
  },
})
