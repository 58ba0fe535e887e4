import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf } from '../auth/authenticate.js'
import type { AppContext } from '../context.js'
import { clearMessages, listMessages, messageStats } from '../services/chat-messages.service.js'
import { chatMessageSchema, listQuery, messageQuery, messageQueryOf, statsSchema } from './chat-message-fields.js'

const params = z.object({ flowId: z.string().min(1).max(100) })
const viewAccess = { permission: 'chatflows:view,agentflows:view' }

/** The chat history of a flow: listed and counted by members who may view it, cleared by those who may change it. */
export const chatMessageRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/chatmessage/:flowId',
      {
        config: { access: viewAccess },
        schema: { params, querystring: listQuery, response: { 200: z.array(chatMessageSchema) } },
      },
      async (request) => listMessages(ctx, principalOf(request), request.params.flowId, messageQueryOf(request.query)),
    )

    app.delete(
      '/chatmessage/:flowId',
      {
        config: { access: { permission: 'chatflows:update,agentflows:update' } },
        schema: {
          params,
          querystring: messageQuery,
          response: {
            200: z.object({
              deleted: z.number(),
              affected: z.number().describe('The same count, as Flowise names it'),
            }),
          },
        },
      },
      async (request) => clearMessages(ctx, principalOf(request), request.params.flowId, messageQueryOf(request.query)),
    )

    // Flowise's path names the flow `:id`; the counts follow the same filters as the list.
    app.get(
      '/stats/:flowId',
      {
        config: { access: viewAccess },
        schema: {
          params,
          querystring: messageQuery.pick({
            chatType: true,
            source: true,
            startDate: true,
            endDate: true,
            feedbackType: true,
          }),
          response: { 200: statsSchema },
        },
      },
      async (request) => messageStats(ctx, principalOf(request), request.params.flowId, messageQueryOf(request.query)),
    )
  }
