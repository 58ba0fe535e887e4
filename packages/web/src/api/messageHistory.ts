import type { ChatMessageWithFeedback, ChatSource, ChatStats, ChatType, FeedbackRating, Lead } from '@weft/core'
import { api } from './http'

/** What View Messages selects; each field left out selects everything. */
export interface MessageFilter {
  chatType?: ChatType
  /** Weft's finer source: ui, api or embed. */
  source?: ChatSource
  /** ISO-8601 times, inclusive. */
  startDate?: string
  endDate?: string
  feedbackType?: FeedbackRating
}

/** One conversation to delete: its session, or its chat when it has no session. */
export type ConversationRef = { sessionId: string } | { chatId: string }

// These dialogs show a refusal themselves rather than leaving the screen.
const inPlace = { navigateOnForbidden: false }

const withQuery = (path: string, fields: Record<string, string | undefined>) => {
  const query = new URLSearchParams(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString()
  return query ? `${path}?${query}` : path
}

const flowPath = (route: string, flowId: string) => `/${route}/${encodeURIComponent(flowId)}`

/** The flow's messages the filter selects, each answer with its feedback, oldest first. */
export const getFlowMessages = (flowId: string, filter: MessageFilter) =>
  api.get<ChatMessageWithFeedback[]>(
    withQuery(flowPath('chatmessage', flowId), { ...filter, feedback: 'true' }),
    inPlace,
  )

/** Flowise's counts over the messages the filter selects. */
export const getFlowStats = (flowId: string, filter: MessageFilter) =>
  api.get<ChatStats>(withQuery(flowPath('stats', flowId), { ...filter }), inPlace)

/** Deletes every message of one conversation, with its feedback. */
export const deleteConversation = (flowId: string, conversation: ConversationRef) =>
  api.delete<{ deleted: number }>(withQuery(flowPath('chatmessage', flowId), conversation), inPlace)

/** The contact details the flow's chatbot collected, oldest first. */
export const getFlowLeads = (flowId: string) => api.get<Lead[]>(flowPath('leads', flowId), inPlace)
