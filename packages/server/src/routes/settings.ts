import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'

/** Public facts about this install: edition, version, liveness. */
export const settingsRoutes =
  (ctx: AppContext, version: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/ping', { config: { access: 'public' } }, async () => 'pong')
    app.get('/settings', { config: { access: 'public' } }, async () => ({ PLATFORM_TYPE: ctx.config.platform }))
    app.get('/version', { config: { access: 'public' } }, async () => ({ version }))
  }
