import { CHAT_SOURCES, type ChatSource, type ChatType, type FeedbackRating } from '@weft/core'
import { z } from 'zod'
import type { MessageQuery } from '../services/chat-messages.service.js'

// Query fields of the chat history routes (/chatmessage, /stats, /feedback), named as Flowise's
// clients send them.

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

export const isoDate = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date such as 2026-01-31 or an ISO-8601 time')
  .optional()

/** A date alone covers its whole day (UTC); a time is taken as it is. */
export const bound = (value: string | undefined, edge: 'start' | 'end') => {
  if (value === undefined) return undefined
  if (DATE_ONLY.test(value)) return `${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`
  return new Date(value).toISOString()
}

export const text = z.string().min(1).max(255).optional()
export const order = z.enum(['ASC', 'DESC'], 'must be ASC or DESC').optional()

const parsesAsList = (value: string): string[] | undefined => {
  try {
    const parsed: unknown = JSON.parse(value)
    return Array.isArray(parsed) ? parsed.map(String) : undefined
  } catch {
    return undefined
  }
}

/** A list parameter as Flowise's clients send it: repeated, comma-separated, or a JSON array. */
export function listValues(value: string | string[] | undefined): string[] {
  return [value ?? []]
    .flat()
    .flatMap((item) => (item.trim().startsWith('[') ? (parsesAsList(item) ?? [item]) : item.split(',')))
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

const listOf = (allowed: readonly string[]) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .refine(
      (value) => listValues(value).every((item) => allowed.includes(item)),
      `must be ${allowed.join(' or ')}, or a list of them`,
    )

const CHAT_TYPES = ['INTERNAL', 'EXTERNAL'] as const satisfies readonly ChatType[]
const RATINGS = ['THUMBS_UP', 'THUMBS_DOWN'] as const satisfies readonly FeedbackRating[]

/** What selects messages: GET and DELETE /chatmessage/:id, GET /stats/:id. */
export const messageQuery = z.object({
  chatId: text,
  sessionId: text,
  chatType: listOf(CHAT_TYPES).describe('INTERNAL (the canvas), EXTERNAL (API and chatbots), or both'),
  source: listOf(CHAT_SOURCES).describe(
    'Weft’s own: ui (the canvas), api (calls without an Origin), embed (chatbot page and widget); old API/Embed messages match none but ui',
  ),
  startDate: isoDate,
  endDate: isoDate,
  feedbackType: listOf(RATINGS).describe('Only answers rated so, with their questions'),
})

export const listQuery = messageQuery.extend({
  order,
  feedback: z.enum(['true', 'false'], 'must be true or false').optional().describe('Attach each answer’s feedback'),
})

/** The parsed selection of a query of `messageQuery` (or `listQuery`). */
export function messageQueryOf(query: z.infer<typeof listQuery>): MessageQuery {
  const chatTypes = listValues(query.chatType) as ChatType[]
  const feedbackTypes = listValues(query.feedbackType) as FeedbackRating[]
  const sources = listValues(query.source) as ChatSource[]
  return {
    chatId: query.chatId,
    sessionId: query.sessionId,
    chatTypes: chatTypes.length > 0 ? chatTypes : undefined,
    sources: sources.length > 0 ? sources : undefined,
    order: query.order,
    startDate: bound(query.startDate, 'start'),
    endDate: bound(query.endDate, 'end'),
    feedback: query.feedback === 'true',
    feedbackTypes: feedbackTypes.length > 0 ? feedbackTypes : undefined,
  }
}

const rating = z.enum(RATINGS)

export const feedbackSchema = z.object({
  id: z.string(),
  chatflowid: z.string(),
  chatId: z.string(),
  messageId: z.string(),
  rating,
  content: z.string().nullable(),
  createdDate: z.string(),
})

export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['userMessage', 'apiMessage']),
  chatflowid: z.string(),
  content: z.string(),
  sourceDocuments: z
    .array(z.object({ pageContent: z.string(), metadata: z.record(z.string(), z.unknown()) }))
    .nullable(),
  usedTools: z
    .array(z.object({ tool: z.string(), toolInput: z.record(z.string(), z.unknown()), toolOutput: z.string() }))
    .nullable(),
  chatType: z.enum(CHAT_TYPES),
  chatId: z.string(),
  sessionId: z.string().nullable(),
  leadEmail: z.string().nullable(),
  createdDate: z.string(),
  /** Absent when the exchange is complete; see ChatMessageStatus. */
  status: z.enum(['inProgress', 'complete', 'stopped', 'failed', 'interrupted']).optional(),
  /** JSON text of the questions offered after this answer, as Flowise keeps them. */
  followUpPrompts: z.string().optional(),
  /** Weft's own: ui, api or embed; absent on API/Embed messages stored before Weft kept it. */
  source: z.enum(CHAT_SOURCES).optional(),
  /** JSON text of the files a question carried (`[{ type: 'stored-file' | 'url', name, mime }]`), as Flowise keeps them. */
  fileUploads: z.string().optional(),
  /** With `feedback=true` or `feedbackType`: the answer's feedback, null when it has none. */
  feedback: feedbackSchema.nullable().optional(),
})

export const statsSchema = z.object({
  totalMessages: z.number(),
  totalFeedback: z.number(),
  positiveFeedback: z.number(),
  totalSessions: z.number(),
})
