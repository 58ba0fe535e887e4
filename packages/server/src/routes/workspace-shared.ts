import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'

/** /workspace/shared: items shared read-only with other workspaces (SPEC §7; being built in issue 24/25). */
export const workspaceSharedRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    void ctx
    void app
  }
