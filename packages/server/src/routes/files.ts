import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FLOW_TYPES } from '@weft/core'
import { z } from 'zod'
import { principalOf } from '../auth/authenticate.js'
import type { AppContext } from '../context.js'
import { deleteUserFile, downloadUserFile, listUserFiles } from '../services/user-files.service.js'

const place = z.object({
  kind: z.enum(['chat', 'documentStore', 'assistant']),
  id: z.string(),
  name: z.string(),
  detail: z.string().optional(),
  flowType: z.enum(FLOW_TYPES).optional(),
})

const userFile = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number(),
  source: z.enum(['chat', 'documentStore', 'assistant']),
  usedIn: place,
  inUse: z.boolean(),
  downloadable: z.boolean(),
  storedHere: z.boolean(),
  addedDate: z.string(),
})

const byId = z.object({ id: z.string().min(1, 'id is required').max(2000) })

/** `name.pdf` as Content-Disposition carries it: a plain ASCII fallback and the UTF-8 name. */
function attachment(name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/**
 * /files (feat:files): every file users uploaded in the active workspace. The route itself asks
 * only for a session (SPEC §2 names no permission); each kind of file is shown, downloaded and
 * deleted under the permission of what it belongs to (a flow's chat: chatflows/agentflows view and
 * update; document stores: documentStores:view and documentStores:delete-loader or :delete;
 * assistants: assistants:view), and only the active workspace's files are ever found.
 */
export const fileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/files',
      {
        config: { access: 'signed-in' },
        schema: {
          description: 'The workspace’s uploaded files the caller may see, newest first, and the bytes they take here.',
          response: { 200: z.object({ files: z.array(userFile), totalSize: z.number() }) },
        },
      },
      async (request) => listUserFiles(ctx, principalOf(request)),
    )

    app.get(
      '/files/download',
      {
        config: { access: 'signed-in' },
        schema: { description: 'A file’s bytes, as an attachment.', querystring: byId },
      },
      async (request, reply) => {
        const file = await downloadUserFile(ctx, principalOf(request), request.query.id)
        return reply
          .header('Content-Type', file.type)
          .header('Content-Disposition', attachment(file.name))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .send(file.bytes)
      },
    )

    app.delete(
      '/files',
      {
        config: { access: 'signed-in' },
        schema: {
          description:
            'Deletes a file; one still used (a document store loader, an assistant) answers 409 saying where.',
          querystring: byId,
          response: { 200: z.object({ deleted: z.literal(true), name: z.string() }) },
        },
      },
      async (request) => ({
        deleted: true as const,
        ...(await deleteUserFile(ctx, principalOf(request), request.query.id)),
      }),
    )
  }
