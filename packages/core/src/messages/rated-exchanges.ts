import type { FeedbackRating } from '../types/run.js'
import { compareMessages, sessionKeyOf, type ChatMessageWithFeedback } from './chat-history.js'

/**
 * Flowise's feedback filter: the answers rated with one of `ratings`, each with the question it
 * answered (the session's last question before it); everything else is left out. Keeps the order
 * the messages came in.
 */
export function keepRatedExchanges<M extends ChatMessageWithFeedback>(
  messages: readonly M[],
  ratings: readonly FeedbackRating[],
): M[] {
  const kept = new Set<M>()
  const lastQuestion = new Map<string, M>()
  for (const message of [...messages].sort(compareMessages)) {
    const session = sessionKeyOf(message)
    if (message.role === 'userMessage') {
      lastQuestion.set(session, message)
      continue
    }
    if (!message.feedback || !ratings.includes(message.feedback.rating)) continue
    kept.add(message)
    const question = lastQuestion.get(session)
    if (question) kept.add(question)
  }
  return messages.filter((message) => kept.has(message))
}
