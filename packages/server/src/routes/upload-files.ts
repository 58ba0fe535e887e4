import { imageTypeOfBytes } from '@weft/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../context.js'
import { allowCrossOrigin, registerPreflight } from '../http/cors.js'
import { notFound } from '../http-error.js'
import { openFlowForCaller } from '../services/flow-access.service.js'
import { readChatFile } from '../services/upload-storage.js'

const uploadFileQuery = z.object({
  chatflowId: z.string().min(1, 'chatflowId is required').max(100),
  chatId: z.string().min(1, 'chatId is required').max(255),
  fileName: z.string().min(1, 'fileName is required').max(1000),
})

/**
 * Flowise's `GET /get-upload-file?chatflowId=&chatId=&fileName=`: a file a chat's question carried
 * (an image the chat windows show), to whoever may run the flow: anyone when it is public, the
 * bearer of its API key, a member who may view it. It is served as the image type its bytes are
 * (never a type a client claimed), and nothing of another flow or chat is ever found.
 */
export const uploadFileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerPreflight(app, '/get-upload-file')
    app.get(
      '/get-upload-file',
      {
        config: { access: 'public' },
        onRequest: allowCrossOrigin,
        schema: { querystring: uploadFileQuery },
      },
      async (request, reply) => {
        const { chatflowId, chatId, fileName } = request.query
        const { flow } = await openFlowForCaller(ctx, request, chatflowId)
        const bytes = await readChatFile(ctx, { flowId: flow.id, chatId, name: fileName })
        if (!bytes) throw notFound(`This chat has no file named ${JSON.stringify(fileName)}`)
        const image = imageTypeOfBytes(bytes)
        void reply
          .header('Content-Type', image ?? 'application/octet-stream')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, max-age=3600')
          // The chat widget shows the image on the site that embeds it; who may read it is decided above.
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
        if (!image) void reply.header('Content-Disposition', 'attachment')
        return reply.send(bytes)
      },
    )
  }
