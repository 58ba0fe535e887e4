import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ASSISTANT_TYPES } from '@weft/core'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import {
  createAssistant,
  deleteAssistant,
  getAssistant,
  listAssistants,
  updateAssistant,
} from '../services/assistants.service.js'

const assistantType = z.enum(ASSISTANT_TYPES, `must be one of ${ASSISTANT_TYPES.join(', ')}`)
const details = z.string('must be JSON text of the assistant').max(200_000, 'must be at most 200000 characters')
const iconSrc = z.string('must be text').max(2000, 'must be at most 2000 characters').nullable()

const newAssistant = z.object({
  type: assistantType,
  details,
  credential: z.string('must be text').max(100).nullable().optional(),
  iconSrc: iconSrc.optional(),
})
const assistantUpdate = newAssistant.partial()

const assistantSchema = z.object({
  id: z.string(),
  type: assistantType,
  details: z.string(),
  credential: z.string().nullable(),
  iconSrc: z.string().nullable(),
  workspaceId: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
})

const byId = z.object({ id: z.string().min(1).max(100) })

/** Flowise's /assistants: custom assistants built into a flow here; provider assistants kept at the provider. */
export const assistantRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/assistants',
      {
        config: { access: { permission: 'assistants:view' } },
        schema: { querystring: z.object({ type: assistantType.optional() }), response: { 200: z.array(assistantSchema) } },
      },
      async (request) => listAssistants(ctx, principalOf(request), request.query.type),
    )

    app.get(
      '/assistants/:id',
      { config: { access: { permission: 'assistants:view' } }, schema: { params: byId, response: { 200: assistantSchema } } },
      async (request) => getAssistant(ctx, principalOf(request), request.params.id),
    )

    app.post(
      '/assistants',
      {
        config: { access: { permission: 'assistants:create' } },
        schema: { body: newAssistant, response: { 201: assistantSchema } },
      },
      async (request, reply) => reply.status(201).send(await createAssistant(ctx, principalOf(request), request.body)),
    )

    app.put(
      '/assistants/:id',
      {
        config: { access: { permission: 'assistants:update' } },
        schema: { params: byId, body: assistantUpdate, response: { 200: assistantSchema } },
      },
      async (request) => updateAssistant(ctx, principalOf(request), request.params.id, request.body),
    )

    app.delete(
      '/assistants/:id',
      {
        config: { access: { permission: 'assistants:delete' } },
        schema: {
          params: byId,
          querystring: z.object({
            isDeleteBoth: z
              .enum(['true', 'false'], 'must be true or false')
              .optional()
              .describe("Flowise's name: also delete the assistant at OpenAI or Azure"),
          }),
          response: { 200: z.object({ id: z.string() }) },
        },
      },
      async (request) => {
        await deleteAssistant(ctx, principalOf(request), request.params.id, request.query.isDeleteBoth === 'true')
        return { id: request.params.id }
      },
    )
  }
