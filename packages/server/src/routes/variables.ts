import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { VARIABLE_NAME_PATTERN, VARIABLE_TYPES } from '@weft/core'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { createVariable, deleteVariable, listVariables, updateVariable } from '../services/variables.service.js'

const VALUE_MAX = 100_000

const newVariable = z.object({
  name: z
    .string('is required')
    .trim()
    .min(1, 'is required')
    .max(255, 'must be at most 255 characters')
    .regex(VARIABLE_NAME_PATTERN, 'must start with a letter or _ and hold only letters, digits and _'),
  value: z.string('must be text').max(VALUE_MAX, `must be at most ${VALUE_MAX} characters`).default(''),
  type: z.enum(VARIABLE_TYPES, `must be one of ${VARIABLE_TYPES.join(', ')}`).default('static'),
})
const variableUpdate = z.object({
  name: newVariable.shape.name.optional(),
  value: newVariable.shape.value.unwrap().optional(),
  type: newVariable.shape.type.unwrap().optional(),
})

const variableSchema = z.object({
  id: z.string(),
  name: z.string(),
  value: z.string(),
  type: z.enum(VARIABLE_TYPES),
  workspaceId: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
})

const byId = z.object({ id: z.string().min(1).max(100) })

/** CRUD of the workspace's variables (SPEC §7 /variables), which flows read as `$vars.<name>`. */
export const variableRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/variables',
      { config: { access: { permission: 'variables:view' } }, schema: { response: { 200: z.array(variableSchema) } } },
      async (request) => listVariables(ctx, principalOf(request)),
    )

    app.post(
      '/variables',
      {
        config: { access: { permission: 'variables:create' } },
        schema: { body: newVariable, response: { 201: variableSchema } },
      },
      async (request, reply) => reply.status(201).send(await createVariable(ctx, principalOf(request), request.body)),
    )

    app.put(
      '/variables/:id',
      {
        config: { access: { permission: 'variables:update' } },
        schema: { params: byId, body: variableUpdate, response: { 200: variableSchema } },
      },
      async (request) => updateVariable(ctx, principalOf(request), request.params.id, request.body),
    )

    app.delete(
      '/variables/:id',
      {
        config: { access: { permission: 'variables:delete' } },
        schema: { params: byId, response: { 200: z.object({ id: z.string() }) } },
      },
      async (request) => deleteVariable(ctx, principalOf(request), request.params.id),
    )
  }
