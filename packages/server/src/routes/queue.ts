import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'

/** The queue screen's API (GET /queue and its jobs); organization admins only. To be built. */
export const queueRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {}
