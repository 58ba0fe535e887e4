import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'

/** /files: every file users uploaded (SPEC §7; being built in issue 24/25). */
export const fileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    void ctx
    void app
  }
