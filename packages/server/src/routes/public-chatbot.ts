import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FLOW_TYPES } from '@weft/core'
import type { AppContext } from '../context.js'
import { allowCrossOrigin, registerPreflight } from '../http/cors.js'
import { chatbotConfigOf, publicFlowOf, streamingOf } from '../services/public-chatbot.service.js'
import { flowIdParams } from './prediction-fields.js'

const open = { config: { access: 'public' as const }, onRequest: allowCrossOrigin }

/** What the public chatbot page and the embed widget read without a session (Flowise's paths). */
export const publicChatbotRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    for (const path of ['/public-chatbotConfig/:id', '/chatflows-streaming/:id', '/public-chatflows/:id']) {
      registerPreflight(app, path)
    }

    app.get(
      '/public-chatbotConfig/:id',
      { ...open, schema: { params: flowIdParams, response: { 200: z.record(z.string(), z.unknown()) } } },
      // The stored config is answered as it is, fields the web app does not know yet included.
      async (request) => (await chatbotConfigOf(ctx, request, request.params.id)) as Record<string, unknown>,
    )

    app.get(
      '/chatflows-streaming/:id',
      { ...open, schema: { params: flowIdParams, response: { 200: z.object({ isStreaming: z.boolean() }) } } },
      async (request) => streamingOf(ctx, request, request.params.id),
    )

    app.get(
      '/public-chatflows/:id',
      {
        ...open,
        schema: {
          params: flowIdParams,
          response: {
            200: z.object({ id: z.string(), name: z.string(), isPublic: z.boolean(), type: z.enum(FLOW_TYPES) }),
          },
        },
      },
      async (request) => publicFlowOf(ctx, request, request.params.id),
    )
  }
