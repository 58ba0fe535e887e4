import type { ChatMessageStatus, FeedbackRating, SourceDocument, UsedTool } from '../types/run.js'
import type { ChatMessageWithFeedback } from './chat-history.js'
import { chatSourceLabel } from './chat-source.js'
import { groupChatSessions } from './chat-sessions.js'

/** One message in the file View Messages exports, in Flowise's shape. */
export interface ExportedChatMessage {
  content: string
  role: 'user' | 'bot'
  time: string
  sourceDocuments?: SourceDocument[]
  usedTools?: UsedTool[]
  /** Flowise writes the feedback's comment here, null when it has none. */
  feedback?: string | null
  /** Weft adds the thumbs themselves, which Flowise's file leaves out. */
  rating?: FeedbackRating
  /** Weft's own: how far an answer got when it is not complete (an interrupted one, say). */
  status?: ChatMessageStatus
}

/** One conversation of the exported file, in Flowise's shape. */
export interface ExportedChat {
  id: string
  source: string
  sessionId: string | null
  /** Flowise names the memory node here; Weft's memory is the chat history itself. */
  memoryType: null
  email: string | null
  messages: ExportedChatMessage[]
}

function exportedMessage(message: ChatMessageWithFeedback): ExportedChatMessage {
  return {
    content: message.content,
    role: message.role === 'apiMessage' ? 'bot' : 'user',
    time: message.createdDate,
    ...(message.sourceDocuments?.length ? { sourceDocuments: message.sourceDocuments } : {}),
    ...(message.usedTools?.length ? { usedTools: message.usedTools } : {}),
    ...(message.feedback ? { feedback: message.feedback.content, rating: message.feedback.rating } : {}),
    ...(message.status && message.status !== 'complete' ? { status: message.status } : {}),
  }
}

/**
 * The JSON file of Flowise's View Messages export: one entry per conversation, most recently active
 * first, its messages oldest first, feedback on the answers it rates.
 */
export function exportChatMessages(messages: readonly ChatMessageWithFeedback[]): ExportedChat[] {
  return groupChatSessions(messages).map((session) => ({
    id: session.chatId,
    source: chatSourceLabel(session.sources[0]!),
    sessionId: session.sessionId,
    memoryType: null,
    email: session.leadEmail,
    messages: session.messages.map(exportedMessage),
  }))
}
