import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import {
  deleteCustomTemplate,
  getCustomTemplate,
  listCustomTemplates,
  saveCustomTemplate,
} from '../services/custom-templates.service.js'

const text = (max: number) => z.string('must be text').max(max, `must be at most ${max} characters`)

const templateTool = z.object({
  name: z.string('is required').trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
  description: text(5000),
  color: text(50),
  iconSrc: text(2000).nullable().optional(),
  schema: text(100_000).nullable().optional(),
  func: text(100_000).nullable().optional(),
})

const newTemplate = z.object({
  name: z.string('is required').trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
  description: text(5000).optional(),
  badge: text(50).optional(),
  usecases: z
    .array(z.string('must be text').trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'))
    .max(20, 'must name at most 20 use cases')
    .optional(),
  chatflowId: z.string('must be text').min(1).max(100).optional(),
  tool: templateTool.optional(),
})

const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  templateName: z.string(),
  description: z.string(),
  type: z.enum(['Chatflow', 'Agentflow', 'AgentflowV2', 'Tool']),
  badge: z.string(),
  framework: z.string(),
  usecases: z.array(z.string()),
  categories: z.array(z.string()),
  flowData: z.string(),
  custom: z.literal(true),
  color: z.string().optional(),
  iconSrc: z.string().nullable().optional(),
  schema: z.string().nullable().optional(),
  func: z.string().nullable().optional(),
  createdDate: z.string(),
  updatedDate: z.string(),
})

const byId = z.object({ id: z.string().min(1).max(100) })
const VIEW = { permission: 'templates:marketplace,templates:custom' }

/** The workspace's own templates (Flowise's /marketplaces/custom): saved from a flow or a tool, listed, deleted. */
export const customTemplateRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/marketplaces/custom',
      { config: { access: VIEW }, schema: { response: { 200: z.array(templateSchema) } } },
      async (request) => listCustomTemplates(ctx, principalOf(request)),
    )

    app.get(
      '/marketplaces/custom/:id',
      { config: { access: VIEW }, schema: { params: byId, response: { 200: templateSchema } } },
      async (request) => getCustomTemplate(ctx, principalOf(request), request.params.id),
    )

    app.post(
      '/marketplaces/custom',
      {
        // Which of the two a save needs depends on what it saves; the service checks that one.
        config: { access: { permission: 'templates:flowexport,templates:toolexport' } },
        schema: { body: newTemplate, response: { 201: templateSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await saveCustomTemplate(ctx, principalOf(request), request.body)),
    )

    app.delete(
      '/marketplaces/custom/:id',
      {
        config: { access: { permission: 'templates:custom-delete' } },
        schema: { params: byId, response: { 200: z.object({ id: z.string() }) } },
      },
      async (request) => {
        await deleteCustomTemplate(ctx, principalOf(request), request.params.id)
        return { id: request.params.id }
      },
    )
  }
