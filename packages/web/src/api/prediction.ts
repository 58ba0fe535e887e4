import type { ChatbotConfig, ChatMessageFeedback, FeedbackRating, Lead } from '@weft/core'
import { errorMessage } from '@weft/core'
import { ApiError } from './ApiError'
import { api } from './http'

const BASE = '/api/v1'
const idOf = (id: string) => encodeURIComponent(id)

/** Where a question goes: the canvas asks as the signed-in user, the public chatbot as anyone. */
export const predictionUrl = (flowId: string, internal: boolean) =>
  `${BASE}/${internal ? 'internal-prediction' : 'prediction'}/${idOf(flowId)}`

/**
 * A call made without the signed-in client: public pages must not be sent to the login page when
 * the server answers 401, they say so themselves.
 */
async function publicRequest<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${BASE}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  })
  const text = await response.text()
  let data: unknown = text
  try {
    data = text === '' ? undefined : JSON.parse(text)
  } catch {
    // Not JSON: keep the text as the message.
  }
  if (!response.ok) throw new ApiError(response.status, data, errorMessage(data ?? response.statusText))
  return data as T
}

/** Whether the flow can stream its answer; asked without a session, like chat widgets do. */
export const getStreamingFlag = (flowId: string) =>
  publicRequest<{ isStreaming: boolean }>('GET', `/chatflows-streaming/${idOf(flowId)}`)

/** The chatbot's appearance; 401 or 404 when the flow is not public. */
export const getPublicChatbotConfig = (flowId: string) =>
  publicRequest<ChatbotConfig>('GET', `/public-chatbotConfig/${idOf(flowId)}`)

/** The chatbot page's query for its config, so the page and the early start share one cache entry. */
export const publicChatbotConfigQuery = (flowId: string) => ({
  queryKey: ['publicChatbotConfig', flowId],
  queryFn: () => getPublicChatbotConfig(flowId),
  // Fetched once per visit: the early start's answer is the page's, not a reason to ask again.
  staleTime: 60_000,
})

export interface NewFeedback {
  chatflowid: string
  chatId: string
  messageId: string
  rating: FeedbackRating
  content?: string
}

export const sendFeedback = (feedback: NewFeedback) => api.post<ChatMessageFeedback>('/feedback', feedback)

export const updateFeedback = (id: string, changes: { rating?: FeedbackRating; content?: string }) =>
  api.put<ChatMessageFeedback>(`/feedback/${idOf(id)}`, changes)

/** Feedback from the public chatbot, sent without the signed-in client like its other calls. */
export const sendPublicFeedback = (feedback: NewFeedback) =>
  publicRequest<ChatMessageFeedback>('POST', '/feedback', feedback)

export const updatePublicFeedback = (id: string, changes: { rating?: FeedbackRating; content?: string }) =>
  publicRequest<ChatMessageFeedback>('PUT', `/feedback/${idOf(id)}`, changes)

/** The public flow's name, which titles its chatbot when the owner set no title. */
export const getPublicFlow = (flowId: string) =>
  publicRequest<{ id: string; name: string }>('GET', `/public-chatflows/${idOf(flowId)}`)

export interface NewLead {
  chatflowid: string
  chatId: string
  name?: string
  email?: string
  phone?: string
}

/** Leads come from the public chatbot as well as the canvas, so they go without a session. */
export const createLead = (lead: NewLead) => publicRequest<Lead>('POST', '/leads', lead)
