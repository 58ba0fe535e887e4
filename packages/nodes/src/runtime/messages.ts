import type { ModelMessage } from 'ai'
import type { ChatTurn } from '@weft/core'

/** Earlier turns as model messages: the user's as `user`, the flow's answers as `assistant`. */
export function turnsToMessages(turns: ChatTurn[]): ModelMessage[] {
  return turns.map((turn) =>
    turn.role === 'userMessage'
      ? { role: 'user', content: turn.content }
      : { role: 'assistant', content: turn.content },
  )
}
