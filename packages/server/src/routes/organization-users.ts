import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'

/** /organizationuser: the organization's users, their status and invitations (SPEC §7; being built in issue 24/25). */
export const organizationUserRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    void ctx
    void app
  }
