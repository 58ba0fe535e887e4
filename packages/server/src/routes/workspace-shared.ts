import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { listItemShares, SHARED_ITEM_TYPES, setItemShares } from '../services/workspace-shares.service.js'
import { id } from './workspace-schemas.js'

const itemType = z.enum(SHARED_ITEM_TYPES, `must be one of ${SHARED_ITEM_TYPES.join(', ')}`)

const shareSchema = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  sharedItemId: z.string(),
  itemType,
  createdDate: z.string(),
})

/**
 * /workspace/shared/{id} (SPEC §7, Flowise's WorkspaceShared): a credential, custom template or
 * tool of the caller's workspace shared read-only with chosen workspaces of the organization. The
 * route needs one of the kinds' permissions; the service checks the one of the item's kind.
 */
export const workspaceSharedRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/workspace/shared/:id',
      {
        config: { access: { permission: 'credentials:view,templates:custom,tools:view' } },
        schema: {
          params: z.object({ id }),
          querystring: z.object({ itemType: itemType.optional() }),
          response: { 200: z.array(shareSchema) },
        },
      },
      async (request) => listItemShares(ctx, principalOf(request), request.params.id, request.query.itemType),
    )

    app.post(
      '/workspace/shared/:id',
      {
        config: { access: { permission: 'credentials:update,templates:custom,tools:update' } },
        schema: {
          params: z.object({ id }),
          body: z.object({
            itemType,
            workspaceIds: z.array(id, 'must be a list of workspace ids').max(500, 'must name at most 500 workspaces'),
          }),
          response: { 200: z.array(shareSchema) },
        },
      },
      async (request) => setItemShares(ctx, principalOf(request), request.params.id, request.body),
    )
  }
