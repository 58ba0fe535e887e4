import type { ChatTurn } from '@weft/core'
import type { RunScope } from '../define-node.js'
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
    const stored = await scope.memory.history(memory.sessionId || scope.sessionId, limit)
    if (stored.length) turns = stored
  }
  if (!memory?.summarise || turns.length <= 2) return turns
  const summary = await memory.summarise(turns.slice(0, -2), scope.signal)
  return [{ role: 'apiMessage', content: `Summary of the conversation so far: ${summary}` }, ...turns.slice(-2)]
}
