import { estimateTokens, splitByTokenBudget, type ChatTurn } from '@weft/core'
import type { Answerer, MemoryStore, RunScope } from '../define-node.js'
import { isRecord } from './read-input.js'

/**
 * What a memory node builds. The server stores each exchange after the answer, so a memory only
 * reads: the stored turns of its session, or the last `windowSize` exchanges of them.
 */
export interface MemoryValue {
  kind: 'memory'
  /** Empty means the run's session. */
  sessionId?: string
  /** Exchanges (a question and its answer) to keep; all when absent. */
  windowSize?: number
  /** Conversation Summary Memory: turns older than the last exchange are sent as one summary it writes. */
  summarise?: (turns: ChatTurn[], signal: AbortSignal) => Promise<string>
  /** With `summarise`: the newest turns that fit this many tokens are sent as said, older ones summarised. */
  maxTokenLimit?: number
  /** A memory kept outside Weft (Redis, Zep): read from it, and each exchange written to it after the answer. */
  store?: ExternalMemoryStore
}

/** A session history kept by a service of the user's, not in Weft's chat messages. */
export interface ExternalMemoryStore extends MemoryStore {
  append(sessionId: string, turns: ChatTurn[], signal: AbortSignal): Promise<void>
}

export const isMemoryValue = (value: unknown): value is MemoryValue => isRecord(value) && value.kind === 'memory'

/**
 * The earlier turns to send the model, oldest first: the memory's stored session when it has any,
 * otherwise the `history` the request carried (clients that keep the conversation themselves).
 */
export async function readHistory(memory: MemoryValue | undefined, scope: RunScope): Promise<ChatTurn[]> {
  const limit = memory?.windowSize === undefined ? undefined : memory.windowSize * 2
  let turns = limit === undefined ? scope.history : limit === 0 ? [] : scope.history.slice(-limit)
  if (memory) {
    const stored = await (memory.store ?? scope.memory).history(memory.sessionId || scope.sessionId, limit)
    if (stored.length) turns = stored
  }
  if (!memory?.summarise || turns.length <= 2) return turns
  const { older, recent } =
    memory.maxTokenLimit === undefined
      ? { older: turns.slice(0, -2), recent: turns.slice(-2) }
      : splitByTokenBudget(turns, memory.maxTokenLimit, (turn) => estimateTokens(turn.content))
  if (!older.length) return recent
  const summary = await memory.summarise(older, scope.signal)
  return [{ role: 'apiMessage', content: `Summary of the conversation so far: ${summary}` }, ...recent]
}

/** The answerer that writes each exchange to the memory's own store once answered (Weft's own memories need nothing). */
export function remembering(memory: MemoryValue | undefined, answerer: Answerer): Answerer {
  const store = memory?.store
  if (!store) return answerer
  return {
    answer: async (scope) => {
      const answer = await answerer.answer(scope)
      const turns: ChatTurn[] = [
        { role: 'userMessage', content: scope.question },
        { role: 'apiMessage', content: answer.text },
      ]
      await store.append(memory.sessionId || scope.sessionId, turns, scope.signal)
      return answer
    },
  }
}
