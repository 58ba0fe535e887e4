import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf } from '../auth/authenticate.js'
import type { AppContext } from '../context.js'
import { clearMessages, listMessages } from '../services/chat-messages.service.js'

const params = z.object({ flowId: z.string().min(1).max(100) })
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const isoDate = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date such as 2026-01-31 or an ISO-8601 time')
  .optional()

/** A date alone covers its whole day (UTC); a time is taken as it is. */
const bound = (value: string | undefined, edge: 'start' | 'end') => {
  if (value === undefined) return undefined
  if (DATE_ONLY.test(value)) return `${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`
  return new Date(value).toISOString()
}
const text = z.string().min(1).max(255).optional()

const listQuery = z.object({
  chatId: text,
  sessionId: text,
  chatType: z.enum(['INTERNAL', 'EXTERNAL'], 'must be INTERNAL or EXTERNAL').optional(),
  order: z.enum(['ASC', 'DESC'], 'must be ASC or DESC').optional(),
  startDate: isoDate,
  endDate: isoDate,
})

const chatMessage = z.object({
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
  chatType: z.enum(['INTERNAL', 'EXTERNAL']),
  chatId: z.string(),
  sessionId: z.string().nullable(),
  leadEmail: z.string().nullable(),
  createdDate: z.string(),
  /** Absent when the exchange is complete; see ChatMessageStatus. */
  status: z.enum(['inProgress', 'complete', 'stopped', 'failed', 'interrupted']).optional(),
})

/** The chat history of a flow: listed by members who may view it, cleared by those who may change it. */
export const chatMessageRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/chatmessage/:flowId',
      {
        config: { access: { permission: 'chatflows:view,agentflows:view' } },
        schema: { params, querystring: listQuery, response: { 200: z.array(chatMessage) } },
      },
      async (request) => {
        const { startDate, endDate, ...filter } = request.query
        return listMessages(ctx, principalOf(request), request.params.flowId, {
          ...filter,
          startDate: bound(startDate, 'start'),
          endDate: bound(endDate, 'end'),
        })
      },
    )

    app.delete(
      '/chatmessage/:flowId',
      {
        config: { access: { permission: 'chatflows:update,agentflows:update' } },
        schema: {
          params,
          querystring: z.object({ chatId: text }),
          response: { 200: z.object({ deleted: z.number() }) },
        },
      },
      async (request) => clearMessages(ctx, principalOf(request), request.params.flowId, request.query.chatId),
    )
  }
