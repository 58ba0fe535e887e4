import { sessionKeyOf, type ChatMessageWithFeedback, type ChatStats } from './chat-history.js'

/** Flowise's stats of a flow's messages: how many, how many rated, how many rated thumbs up, how many sessions. */
export function chatStats(messages: readonly ChatMessageWithFeedback[]): ChatStats {
  return {
    totalMessages: messages.length,
    totalFeedback: messages.filter((message) => message.feedback).length,
    positiveFeedback: messages.filter((message) => message.feedback?.rating === 'THUMBS_UP').length,
    totalSessions: new Set(messages.map(sessionKeyOf)).size,
  }
}
