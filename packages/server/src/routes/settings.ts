import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'

/** Public facts about this install: edition, version, liveness. */
export const settingsRoutes =
  (ctx: AppContext, version: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/ping', { config: { access: 'public' } }, async () => 'pong')
    // FLOW_BODY_LIMIT_MB: the largest flow save or import, so the web app refuses a larger file before sending it.
    app.get('/settings', { config: { access: 'public' } }, async () => ({
      PLATFORM_TYPE: ctx.config.platform,
      FLOW_BODY_LIMIT_MB: ctx.config.flowBodyLimitBytes / 1024 / 1024,
    }))
    app.get('/version', { config: { access: 'public' } }, async () => ({ version }))
  }
