import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FlowTemplate } from '@weft/core'
import { listTemplates } from '@weft/nodes'
import type { AppContext } from '../context.js'
import { notFound } from '../http-error.js'

const ACCESS = { permission: 'templates:marketplace,templates:custom' }

const templateSchema = z.object({
  id: z.string(),
  templateName: z.string(),
  description: z.string(),
  type: z.enum(['Chatflow', 'AgentflowV2']),
  categories: z.array(z.string()),
  usecases: z.array(z.string()),
  badge: z.string().optional(),
  flowData: z.string(),
})

/** The built-in templates of the marketplace (SPEC §7 /marketplaces/templates). */
export const marketplaceRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Built-in templates ship with the app: read them once, again only if that failed.
    let loaded: Promise<FlowTemplate[]> | undefined
    const templates = () =>
      (loaded ??= listTemplates().catch((error: unknown) => {
        loaded = undefined
        throw error
      }))

    app.get(
      '/marketplaces/templates',
      { config: { access: ACCESS }, schema: { response: { 200: z.array(templateSchema) } } },
      async () => templates(),
    )

    app.get(
      '/marketplaces/templates/:id',
      {
        config: { access: ACCESS },
        schema: { params: z.object({ id: z.string().min(1).max(200) }), response: { 200: templateSchema } },
      },
      async (request) => {
        const template = (await templates()).find((t) => t.id === request.params.id)
        if (!template) throw notFound(`Template ${request.params.id} not found`)
        return template
      },
    )
  }
