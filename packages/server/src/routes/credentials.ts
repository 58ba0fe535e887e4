import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import {
  createCredential,
  deleteCredential,
  getCredential,
  listCredentials,
  updateCredential,
} from '../services/credentials.service.js'

/** Long enough for a private key or a service-account JSON pasted into one field. */
const VALUE_MAX = 100_000

const credentialName = z.string('is required').trim().min(1, 'is required').max(100, 'must be at most 100 characters')
const fieldValues = z.record(
  z.string().max(100, 'field names must be at most 100 characters'),
  z.string('must be text').max(VALUE_MAX, `must be at most ${VALUE_MAX} characters`),
  'must be an object of field values',
)
const newCredential = z.object({
  name: z.string('is required').trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
  credentialName,
  plainDataObj: fieldValues.default({}),
})
// Written out rather than `.partial()`: a default would turn a rename into "replace the data with nothing".
const credentialUpdate = z.object({
  name: newCredential.shape.name.optional(),
  credentialName: credentialName.optional(),
  plainDataObj: fieldValues.optional(),
})

const credentialSchema = z.object({
  id: z.string(),
  name: z.string(),
  credentialName: z.string(),
  workspaceId: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
})
const credentialWithData = credentialSchema.extend({
  plainDataObj: z.record(z.string(), z.string()).describe('Field values; secret fields as REDACTED_SECRET'),
})

const typeFilter = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .describe('Credential types: repeated, or comma-separated; every type when absent')
const typesOf = (filter: string | string[] | undefined): string[] =>
  [filter ?? []]
    .flat()
    .flatMap((text) => text.split(','))
    .map((type) => type.trim())
    .filter((type) => type !== '')

const byId = z.object({ id: z.string().min(1).max(100) })

/** CRUD of the workspace's credentials (SPEC §7 /credentials): data encrypted at rest, secrets never answered. */
export const credentialRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/credentials',
      {
        config: { access: { permission: 'credentials:view' } },
        schema: { querystring: z.object({ credentialName: typeFilter }), response: { 200: z.array(credentialSchema) } },
      },
      async (request) => listCredentials(ctx, principalOf(request), typesOf(request.query.credentialName)),
    )

    app.get(
      '/credentials/:id',
      {
        config: { access: { permission: 'credentials:view' } },
        schema: { params: byId, response: { 200: credentialWithData } },
      },
      async (request) => getCredential(ctx, principalOf(request), request.params.id),
    )

    app.post(
      '/credentials',
      {
        config: { access: { permission: 'credentials:create' } },
        schema: { body: newCredential, response: { 201: credentialSchema } },
      },
      async (request, reply) => reply.status(201).send(await createCredential(ctx, principalOf(request), request.body)),
    )

    app.put(
      '/credentials/:id',
      {
        config: { access: { permission: 'credentials:update' } },
        schema: { params: byId, body: credentialUpdate, response: { 200: credentialSchema } },
      },
      async (request) => updateCredential(ctx, principalOf(request), request.params.id, request.body),
    )

    app.delete(
      '/credentials/:id',
      {
        config: { access: { permission: 'credentials:delete' } },
        schema: { params: byId, response: { 200: z.object({ id: z.string() }) } },
      },
      async (request) => deleteCredential(ctx, principalOf(request), request.params.id),
    )
  }
