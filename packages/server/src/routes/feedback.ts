import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf } from '../auth/authenticate.js'
import type { AppContext } from '../context.js'
import { allowCrossOrigin, registerPreflight } from '../http/cors.js'
import { changeFeedback, giveFeedback, listFlowFeedback } from '../services/feedback.service.js'
import { bound, feedbackSchema as feedback, isoDate, order, text } from './chat-message-fields.js'

const rating = z.enum(['THUMBS_UP', 'THUMBS_DOWN'], 'must be THUMBS_UP or THUMBS_DOWN')
const comment = z.string('must be text').max(10_000, 'must be at most 10000 characters').nullable().optional()
const id = z.string('is required').min(1, 'is required').max(255, 'must be at most 255 characters')

/** Thumbs and comments on answers: sent by whoever may call the flow (the chatbot too), read by members. */
export const feedbackRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerPreflight(app, '/feedback')
    registerPreflight(app, '/feedback/:id')

    app.post(
      '/feedback',
      {
        config: { access: 'public' },
        onRequest: allowCrossOrigin,
        schema: {
          body: z.object({ chatflowid: id, chatId: id, messageId: id, rating, content: comment }),
          response: { 200: feedback },
        },
      },
      async (request) => giveFeedback(ctx, request, request.body),
    )

    app.put(
      '/feedback/:id',
      {
        config: { access: 'public' },
        onRequest: allowCrossOrigin,
        schema: {
          params: z.object({ id }),
          body: z.object({ rating: rating.optional(), content: comment }),
          response: { 200: feedback },
        },
      },
      async (request) => changeFeedback(ctx, request, request.params.id, request.body),
    )

    // Named `:id` like the PUT beside it, so the API has one path; here it is the flow's id.
    app.get(
      '/feedback/:id',
      {
        config: { access: { permission: 'chatflows:view,agentflows:view' } },
        schema: {
          params: z.object({ id: id.describe('The flow whose feedback to list') }),
          querystring: z.object({ chatId: text, sortOrder: order, startDate: isoDate, endDate: isoDate }),
          response: { 200: z.array(feedback) },
        },
      },
      async (request) => {
        const { chatId, sortOrder, startDate, endDate } = request.query
        return listFlowFeedback(ctx, principalOf(request), request.params.id, {
          chatId,
          order: sortOrder,
          startDate: bound(startDate, 'start'),
          endDate: bound(endDate, 'end'),
        })
      },
    )
  }
