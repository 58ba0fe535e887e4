import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'

/** /workspaceuser: members of a workspace and their roles (SPEC §7; being built in issue 24/25). */
export const workspaceUserRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    void ctx
    void app
  }
