import type { ChatMessage, ChatSource, ChatType } from '../types/run.js'
import { compareMessages, sessionKeyOf } from './chat-history.js'
import { messageSourceOf } from './chat-source.js'

/** One conversation of a flow's history: the messages sharing a session. */
export interface ChatSession<M extends ChatMessage = ChatMessage> {
  /** The session id, else the chat id: what groups the messages. */
  key: string
  chatId: string
  sessionId: string | null
  /** Where its messages came from, in order of first appearance (a session may be asked from both). */
  chatTypes: ChatType[]
  /** The same, finer: UI, API or Embed; null for old API/Embed messages stored without one. */
  sources: (ChatSource | null)[]
  leadEmail: string | null
  /** The first question's text; empty when only answers are left. */
  firstQuestion: string
  messageCount: number
  firstDate: string
  lastDate: string
  /** Oldest first. */
  messages: M[]
}

/**
 * Groups a flow's messages, in any order, into conversations by session: the most recently active
 * conversation first, each one's messages oldest first.
 */
export function groupChatSessions<M extends ChatMessage>(messages: readonly M[]): ChatSession<M>[] {
  const groups = new Map<string, M[]>()
  for (const message of [...messages].sort(compareMessages)) {
    const key = sessionKeyOf(message)
    const group = groups.get(key)
    if (group) group.push(message)
    else groups.set(key, [message])
  }
  return [...groups.entries()]
    .map(([key, group]): ChatSession<M> => {
      const first = group[0]!
      return {
        key,
        chatId: first.chatId,
        sessionId: first.sessionId,
        chatTypes: [...new Set(group.map((message) => message.chatType))],
        sources: [...new Set(group.map(messageSourceOf))],
        leadEmail: group.find((message) => message.leadEmail)?.leadEmail ?? null,
        firstQuestion: group.find((message) => message.role === 'userMessage')?.content ?? '',
        messageCount: group.length,
        firstDate: first.createdDate,
        lastDate: group[group.length - 1]!.createdDate,
        messages: group,
      }
    })
    .sort((a, b) => (a.lastDate === b.lastDate ? 0 : a.lastDate > b.lastDate ? -1 : 1))
}
