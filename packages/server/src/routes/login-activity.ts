import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'

/** /login-activity: every sign-in attempt (SPEC §7; being built in issue 24/25). */
export const loginActivityRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    void ctx
    void app
  }
