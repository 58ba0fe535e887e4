import type { ChatTurn } from '../types/run.js'

type TurnRole = ChatTurn['role']

/**
 * One turn of `history` as clients send it: Weft's `{ role, content }`, or flowise-sdk's own type
 * `{ message, type }` (which also declares `role` and `content`, optional).
 */
export interface SentChatTurn {
  role?: TurnRole | undefined
  content?: string | undefined
  type?: TurnRole | undefined
  message?: string | undefined
}

/** A sent turn read as a `ChatTurn`, or the field it lacks with what to send instead. */
export type ChatTurnReading = { ok: true; turn: ChatTurn } | { ok: false; field: 'role' | 'content'; message: string }

/**
 * Reads a turn in either shape: `role` else `type`, `content` else `message`. An empty content is
 * a turn (an answer may be empty); a turn with neither name for a field is refused, naming both.
 */
export function readChatTurn(sent: SentChatTurn): ChatTurnReading {
  const role = sent.role ?? sent.type
  if (role === undefined) return { ok: false, field: 'role', message: 'is required (or type, as flowise-sdk sends it)' }
  const content = sent.content ?? sent.message
  if (content === undefined) {
    return { ok: false, field: 'content', message: 'is required (or message, as flowise-sdk sends it)' }
  }
  return { ok: true, turn: { role, content } }
}
