import type { ChatMessageFeedback, FeedbackRating } from '../types/run.js'
import type { ChatMessageWithFeedback } from './chat-history.js'

let counter = 0

/** A stored message for tests: a question of chat `c1` from the canvas unless told otherwise. */
export function storedMessage(fields: Partial<ChatMessageWithFeedback> = {}): ChatMessageWithFeedback {
  counter += 1
  const chatId = fields.chatId ?? 'c1'
  return {
    id: `m${counter}`,
    role: 'userMessage',
    chatflowid: 'f1',
    content: `Message ${counter}`,
    sourceDocuments: null,
    usedTools: null,
    chatType: 'INTERNAL',
    chatId,
    sessionId: chatId,
    leadEmail: null,
    createdDate: '2026-03-01T10:00:00.000Z',
    ...fields,
  }
}

/** Feedback on the answer `messageId`. */
export const feedbackOn = (
  messageId: string,
  rating: FeedbackRating,
  content: string | null = null,
): ChatMessageFeedback => ({
  id: `fb-${messageId}`,
  chatflowid: 'f1',
  chatId: 'c1',
  messageId,
  rating,
  content,
  createdDate: '2026-03-01T12:00:00.000Z',
})
