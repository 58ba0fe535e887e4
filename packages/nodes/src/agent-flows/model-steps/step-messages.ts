import { parseRows, type ChatTurn } from '@weft/core'
import type { ModelMessage } from 'ai'
import { readText } from '../../runtime/read-input.js'

/** A message a step sends its model; plain text, so the execution can show exactly what was sent. */
export interface TextMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

const ROLES: Record<string, TextMessage['role']> = {
  system: 'system',
  // The AI SDK has no developer role; providers that know one treat it as a system message.
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
}

/** The step's Messages rows (`{ role, content }`, references already resolved); empty rows are left out. */
export function readMessageRows(raw: unknown, stepLabel: string): TextMessage[] {
  return parseRows(raw).flatMap((row, index) => {
    const content = readText(row.content)
    if (content.trim() === '') return []
    const role = ROLES[readText(row.role) || 'system']
    if (!role)
      throw new Error(
        `${stepLabel}: message ${index + 1} has the role "${readText(row.role)}"; use system, developer, user or assistant.`,
      )
    return [{ role, content }]
  })
}

/** Earlier turns as messages: the user's as `user`, the flow's answers as `assistant`. */
export const turnsToMessages = (turns: ChatTurn[]): TextMessage[] =>
  turns.map((turn) => ({ role: turn.role === 'userMessage' ? 'user' : 'assistant', content: turn.content }))

/**
 * The messages as a chat request: system messages joined into its `system` text, the rest as they
 * are. The AI SDK warns about system messages among the messages (they invite prompt injection when
 * they carry user text), and every provider takes one system text.
 */
export function toChatMessages(messages: TextMessage[]): { system?: string; messages: ModelMessage[] } {
  const system = messages.filter((message) => message.role === 'system').map((message) => message.content)
  const rest = messages.filter(
    (message): message is TextMessage & { role: 'user' | 'assistant' } => message.role !== 'system',
  )
  return { ...(system.length ? { system: system.join('\n\n') } : {}), messages: rest }
}
