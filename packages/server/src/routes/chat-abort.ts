import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../context.js'
import { allowCrossOrigin, registerPreflight } from '../http/cors.js'
import { notFound } from '../http-error.js'
import { openFlowForCaller } from '../services/flow-access.service.js'
import { flowChatParams } from './prediction-fields.js'

const PATH = '/chatmessage/abort/:flowId/:chatId'

/**
 * Flowise's Stop (`PUT` or `POST /chatmessage/abort/:flowId/:chatId`, the embed's Stop button):
 * stops the chat's answer that is being written, as its caller going away would. Whoever may run
 * the flow may stop its chats (public flow, its API key, a member), and only that flow's chats.
 */
export const chatAbortRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerPreflight(app, PATH)
    for (const method of ['PUT', 'POST'] as const) {
      app.route({
        method,
        url: PATH,
        config: { access: 'public' },
        schema: {
          params: flowChatParams,
          response: { 200: z.object({ status: z.literal(200), message: z.string() }) },
        },
        onRequest: allowCrossOrigin,
        handler: async (request) => {
          const { flowId, chatId } = request.params
          const { flow } = await openFlowForCaller(ctx, request, flowId)
          if (!(await ctx.runningAnswers.stop(flow.id, chatId))) {
            throw notFound(`Chat ${chatId} has no answer running on this flow`)
          }
          return { status: 200 as const, message: 'Chat message aborted' }
        },
      })
    }
  }
