import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { nodesThatCannotRun, type FlowTemplate } from '@weft/core'
import { listTemplates, nodes } from '@weft/nodes'
import type { AppContext } from '../context.js'
import { notFound } from '../http-error.js'

const ACCESS = { permission: 'templates:marketplace,templates:custom' }

const templateSchema = z.object({
  id: z.string(),
  templateName: z.string(),
  description: z.string(),
  type: z.enum(['Chatflow', 'Agentflow', 'AgentflowV2', 'Tool']),
  categories: z.array(z.string()),
  usecases: z.array(z.string()),
  badge: z.string().optional(),
  cannotRun: z.boolean(),
  flowData: z.string(),
})

const descriptors = nodes.map((node) => node.descriptor)

type MarkedTemplate = FlowTemplate & { cannotRun: boolean }

/** Marks a template whose flow holds a node that cannot run yet; Flowise's own fields stay as they are. */
function withCannotRun(template: FlowTemplate): MarkedTemplate {
  const flow = JSON.parse(template.flowData) as { nodes?: { data?: { name?: string } }[] }
  return { ...template, cannotRun: nodesThatCannotRun(flow.nodes ?? [], descriptors).length > 0 }
}

/** The built-in templates of the marketplace (SPEC §7 /marketplaces/templates). */
export const marketplaceRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Built-in templates ship with the app: read them once, again only if that failed.
    let loaded: Promise<MarkedTemplate[]> | undefined
    const templates = () =>
      (loaded ??= listTemplates()
        .then((list) => list.map(withCannotRun))
        .catch((error: unknown) => {
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
