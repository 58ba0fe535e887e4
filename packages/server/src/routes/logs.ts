import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'

/** /logs: the server's own log files (SPEC §7; being built in issue 24/25). */
export const logRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    void ctx
    void app
  }
