import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../context.js'
import { findFlowOfAnyWorkspace } from '../db/repositories/flows.repository.js'
import { allowCrossOrigin, registerPreflight } from '../http/cors.js'
import { notFound } from '../http-error.js'
import { flowUploadsConfig } from '../services/uploads.js'
import { flowIdParams } from './prediction-fields.js'

const sizeAndTypes = z.array(z.object({ fileTypes: z.array(z.string()), maxUploadSize: z.number() }))

/** Flowise's answer: whether voice, images and files are taken, and which types up to which size. */
const uploadsAnswer = z.object({
  isSpeechToTextEnabled: z.boolean(),
  isImageUploadAllowed: z.boolean(),
  isRAGFileUploadAllowed: z.boolean(),
  imgUploadSizeAndTypes: sizeAndTypes,
  fileUploadSizeAndTypes: sizeAndTypes,
})

/**
 * Flowise's `GET /chatflows-uploads/:id`: what a chat of the flow may send, from its chat model
 * (Allow Image Uploads) and its upload settings. Flowise's clients ask it without credentials, so
 * it answers for any existing flow, and nothing but those five fields.
 */
export const chatflowUploadsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerPreflight(app, '/chatflows-uploads/:id')
    app.get(
      '/chatflows-uploads/:id',
      {
        config: { access: 'public' },
        onRequest: allowCrossOrigin,
        schema: { params: flowIdParams, response: { 200: uploadsAnswer } },
      },
      async (request) => {
        const flow = await findFlowOfAnyWorkspace(ctx.db, request.params.id)
        if (!flow) throw notFound(`Flow ${request.params.id} not found`)
        return flowUploadsConfig(flow)
      },
    )
  }
