import { FILE_MAX_MB_LIMIT } from '@weft/core'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../context.js'
import type { FlowRow } from '../db/tables.js'
import { allowCrossOrigin, registerPreflight } from '../http/cors.js'
import { FLOW_RATE_LIMIT, flowRateLimit, setFlowRateLimit } from '../http/flow-rate-limit.js'
import { FILE_FIELD, readFormFiles } from '../http/multipart-files.js'
import { readAttachments } from '../services/attachments.service.js'
import { openFlowForCaller } from '../services/flow-access.service.js'
import { flowChatParams } from './prediction-fields.js'

/** The largest file any flow may take, and room for the form around it. */
const ATTACHMENTS_BODY_LIMIT = (FILE_MAX_MB_LIMIT + 1) * 1024 * 1024

const attachmentsAnswer = z.array(
  z.object({ name: z.string(), mimeType: z.string(), size: z.number(), content: z.string() }),
)

/** The flow each request attaches to, loaded (and its caller let in) before the rate limit counts it. */
const flows = new WeakMap<FastifyRequest, FlowRow>()

/**
 * Flowise's `POST /attachments/:flowId/:chatId` (the embed's full file upload): multipart files in
 * `files`, answered with each file's text, which the widget then sends with its question as
 * `file:full` uploads. Let in and limited as a prediction of the flow is.
 */
export const attachmentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Only this plugin's route takes multipart bodies; they arrive whole and the handler reads them.
    app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
    registerPreflight(app, '/attachments/:flowId/:chatId')

    app.post(
      '/attachments/:flowId/:chatId',
      {
        config: { access: 'public', rateLimit: FLOW_RATE_LIMIT },
        bodyLimit: ATTACHMENTS_BODY_LIMIT,
        schema: {
          params: flowChatParams,
          description: `multipart/form-data with the files in "${FILE_FIELD}"; answers each file's text.`,
          response: { 200: attachmentsAnswer },
        },
        onRequest: allowCrossOrigin,
        preHandler: async (request) => {
          const { flow } = await openFlowForCaller(ctx, request, request.params.flowId)
          flows.set(request, flow)
          setFlowRateLimit(request, flowRateLimit(flow), flow.id)
        },
      },
      async (request, reply) => {
        const flow = flows.get(request)
        if (!flow) throw new Error('The flow was not loaded before the attachments were read')
        const how = `send the files as multipart/form-data in the field "${FILE_FIELD}"`
        const files = await readFormFiles(request.body, request.headers['content-type'], how)
        const gone = new AbortController()
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) gone.abort()
        })
        return readAttachments(ctx, flow, files, gone.signal)
      },
    )
  }
