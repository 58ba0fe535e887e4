import type { ChatTurn } from '@weft/core'

/** Earlier turns as plain lines for a prompt's `{chat_history}`: `Human: …` and `Assistant: …`. */
export function chatHistoryText(turns: ChatTurn[]): string {
  return turns.map((turn) => `${turn.role === 'userMessage' ? 'Human' : 'Assistant'}: ${turn.content}`).join('\n')
}
