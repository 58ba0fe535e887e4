import type { ChatMessage, ChatMessageFeedback } from '../types/run.js'

/** A stored message as GET /api/v1/chatmessage/:id answers it with `feedback=true`: its answer's feedback attached. */
export type ChatMessageWithFeedback = ChatMessage & { feedback?: ChatMessageFeedback | null }

/** GET /api/v1/stats/:id: Flowise's counts over the messages a filter selects. */
export interface ChatStats {
  totalMessages: number
  totalFeedback: number
  positiveFeedback: number
  totalSessions: number
}

/** The conversation a message belongs to: its session (the memory it shares), else its chat. */
export const sessionKeyOf = (message: ChatMessage): string => message.sessionId ?? message.chatId

/**
 * Oldest first; a question and its answer stored in the same millisecond keep their order (the
 * question first), as the chat history lists them.
 */
export function compareMessages(a: ChatMessage, b: ChatMessage): number {
  if (a.createdDate !== b.createdDate) return a.createdDate < b.createdDate ? -1 : 1
  if (a.role === b.role) return 0
  return a.role === 'userMessage' ? -1 : 1
}
