import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { listWorkspaceUsers, unlinkUsers, updateWorkspaceUser } from '../services/workspaces.service.js'
import { id, workspaceUserSchema } from './workspace-schemas.js'

/** /workspaceuser: members of the organization's workspaces and their roles (SPEC §7, Flowise's WorkspaceUser). */
export const workspaceUserRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/workspaceuser',
      {
        config: { access: { permission: 'workspace:view' } },
        schema: {
          querystring: z.object({
            workspaceId: id.optional(),
            userId: id.optional(),
            organizationId: id.optional(),
            roleId: id.optional(),
          }),
          response: { 200: z.array(workspaceUserSchema) },
        },
      },
      async (request) => listWorkspaceUsers(ctx, principalOf(request), request.query),
    )

    app.put(
      '/workspaceuser',
      {
        config: { access: { permission: 'workspace:add-user' } },
        schema: {
          body: z.object({ workspaceId: id, userId: id, roleId: id }),
          response: { 200: workspaceUserSchema },
        },
      },
      async (request) => updateWorkspaceUser(ctx, principalOf(request), request.body),
    )

    app.delete(
      '/workspaceuser',
      {
        config: { access: { permission: 'workspace:unlink-user' } },
        schema: {
          querystring: z.object({ workspaceId: id, userId: id }),
          response: { 200: workspaceUserSchema },
        },
      },
      async (request) => {
        const { workspaceId, userId } = request.query
        const { removed } = await unlinkUsers(ctx, principalOf(request), workspaceId, [userId])
        return removed[0]
      },
    )
  }
