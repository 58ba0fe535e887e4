import { API_KEY_PERMISSIONS, FLOW_TYPES, isApiKeyPermission } from '@weft/core'
import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import {
  createApiKey,
  deleteApiKey,
  flowsOfKeyInPath,
  listApiKeys,
  updateApiKey,
  verifyKeyInPath,
} from '../services/api-keys.service.js'
import { flowSchema } from './chatflows.js'

const permission = z
  .string('must be a permission')
  .max(100, 'must be a permission')
  .refine(isApiKeyPermission, { error: (issue) => `${String(issue.input)} is not a permission an API key may hold` })

// Flowise's body is { keyName, permissions }; flowIds is ours. Leaving either list out leaves it alone.
const keyBody = z.object({
  keyName: z.string('is required').trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
  permissions: z
    .array(permission, 'must be a list of permissions')
    .max(API_KEY_PERMISSIONS.length, 'names a permission twice')
    .optional()
    .describe('What the key may do on the management API (none: it only runs its bound flows)'),
  flowIds: z
    .array(
      z.string('must be a flow id').min(1, 'must be a flow id').max(100, 'must be a flow id'),
      'must be a list of flow ids',
    )
    .max(1000, 'must name at most 1000 flows')
    .optional()
    .describe(
      'Every flow the key is bound to: listed flows are bound to it (moved from any other key), the rest unbound',
    ),
})

const apiKeySchema = z.object({
  id: z.string(),
  keyName: z.string(),
  keyPreview: z.string(),
  workspaceId: z.string(),
  createdDate: z.string(),
  permissions: z.array(z.string()),
  chatFlows: z.array(z.object({ id: z.string(), name: z.string(), type: z.enum(FLOW_TYPES) })),
})
const createdApiKeySchema = apiKeySchema.extend({ apiKey: z.string().describe('The full key: sent this once only') })

const byId = z.object({ id: z.string().min(1).max(100) })
const byKey = z.object({ key: z.string().min(1).max(200) })

/** The workspace's API keys (SPEC §7 /apikey): shown in full once at creation, then only by preview. */
export const apiKeyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/apikey',
      { config: { access: { permission: 'apikeys:view' } }, schema: { response: { 200: z.array(apiKeySchema) } } },
      async (request) => listApiKeys(ctx, principalOf(request)),
    )

    app.post(
      '/apikey',
      {
        config: { access: { permission: 'apikeys:create' } },
        schema: { body: keyBody, response: { 201: createdApiKeySchema } },
      },
      async (request, reply) => reply.status(201).send(await createApiKey(ctx, principalOf(request), request.body)),
    )

    app.put(
      '/apikey/:id',
      {
        config: { access: { permission: 'apikeys:update' } },
        schema: { params: byId, body: keyBody, response: { 200: apiKeySchema } },
      },
      async (request) => updateApiKey(ctx, principalOf(request), request.params.id, request.body),
    )

    app.delete(
      '/apikey/:id',
      {
        config: { access: { permission: 'apikeys:delete' } },
        schema: { params: byId, response: { 200: z.object({ id: z.string() }) } },
      },
      async (request) => deleteApiKey(ctx, principalOf(request), request.params.id),
    )

    // Flowise's checks of a key named in the path, answered without a session (the key is the credential).
    app.get(
      '/verify/apikey/:key',
      { config: { access: 'public' }, schema: { params: byKey, response: { 200: z.string().describe('"OK"') } } },
      // Sent as JSON text ("OK"), as Flowise's res.json sends it.
      async (request, reply) =>
        reply
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(await verifyKeyInPath(ctx, request.params.key))),
    )

    app.get(
      '/chatflows/apikey/:key',
      {
        config: { access: 'public' },
        schema: {
          params: byKey,
          querystring: z.object({
            keyonly: z.string().optional().describe('Any value: only the flows bound to the key'),
          }),
          response: { 200: z.array(flowSchema) },
        },
      },
      async (request) => flowsOfKeyInPath(ctx, request.params.key, request.query.keyonly !== undefined),
    )
  }
