import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { signAccessToken } from '../auth/access-token.js'
import { setSessionWorkspace } from '../db/repositories/sessions.repository.js'
import { findUserById } from '../db/repositories/users.repository.js'
import { badRequest, notFound } from '../http-error.js'
import { loadProfile, toLoginResponse } from '../services/profile.service.js'
import {
  createWorkspace,
  deleteWorkspace,
  getWorkspace,
  linkUsers,
  listWorkspaces,
  unlinkUsers,
  updateWorkspace,
} from '../services/workspaces.service.js'
import {
  deletedWorkspaceSchema,
  id,
  workspaceDescription,
  workspaceName,
  workspaceSchema,
  workspaceUserSchema,
} from './workspace-schemas.js'

const byId = z.object({ id })

const linkBody = z.object({
  users: z
    .array(z.object({ userId: id, roleId: id.optional() }), 'must be a list of { userId, roleId }')
    .min(1, 'must name at least one user')
    .max(500, 'must name at most 500 users'),
})

// Flowise's clients send { userIds: [...] }; { users: [{ userId }] } mirrors link-users.
const unlinkBody = z
  .object({
    userIds: z.array(id, 'must be a list of user ids').max(500, 'must name at most 500 users').optional(),
    users: z
      .array(z.object({ userId: id }))
      .max(500, 'must name at most 500 users')
      .optional(),
  })
  .transform((body) => [...(body.userIds ?? []), ...(body.users ?? []).map((u) => u.userId)])
  .refine((ids) => ids.length > 0, { message: 'must name at least one user', path: ['userIds'] })

/** Workspaces of the organization (SPEC §7 /workspace) and the switch between them. */
export const workspaceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/workspace/switch',
      { config: { access: 'signed-in' }, schema: { querystring: z.object({ id: z.string().min(1, 'is required') }) } },
      async (request) => {
        const principal = principalOf(request)
        const user = await findUserById(ctx.db, principal.userId)
        if (!user) throw notFound('User not found')
        const profile = await loadProfile(ctx, user, request.query.id)
        // A workspace the user is not in reads as one that does not exist.
        if (profile.workspaceUnavailable) throw notFound('Workspace not found')
        await setSessionWorkspace(ctx.db, principal.sessionId, request.query.id)
        const token = await signAccessToken(ctx.keys.tokenKey, { userId: user.id, sessionId: principal.sessionId })
        return toLoginResponse(profile, token)
      },
    )

    app.get(
      '/workspace',
      {
        config: { access: { permission: 'workspace:view' } },
        schema: {
          querystring: z.object({ id: id.optional(), organizationId: id.optional() }),
          response: { 200: z.union([workspaceSchema, z.array(workspaceSchema)]) },
        },
      },
      async (request) => {
        const principal = principalOf(request)
        const { id: workspaceId, organizationId } = request.query
        if (workspaceId) return getWorkspace(ctx, principal, workspaceId)
        if (organizationId) return listWorkspaces(ctx, principal, organizationId)
        throw badRequest('querystring: give an id or an organizationId')
      },
    )

    app.post(
      '/workspace',
      {
        config: { access: { permission: 'workspace:create' } },
        schema: {
          body: z.object({
            name: workspaceName,
            description: workspaceDescription.optional(),
            organizationId: id.optional(),
          }),
          response: { 201: workspaceSchema },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request)
        const { name, description, organizationId } = request.body
        if (organizationId && organizationId !== principal.organizationId) throw notFound('Organization not found')
        return reply.status(201).send(await createWorkspace(ctx, principal, { name, description: description ?? '' }))
      },
    )

    app.put(
      '/workspace',
      {
        config: { access: { permission: 'workspace:update' } },
        schema: {
          body: z.object({ id, name: workspaceName.optional(), description: workspaceDescription.optional() }),
          response: { 200: workspaceSchema },
        },
      },
      async (request) => updateWorkspace(ctx, principalOf(request), request.body),
    )

    app.delete(
      '/workspace/:id',
      {
        config: { access: { permission: 'workspace:delete' } },
        schema: { params: byId, response: { 200: deletedWorkspaceSchema } },
      },
      async (request) => deleteWorkspace(ctx, principalOf(request), request.params.id),
    )

    app.post(
      '/workspace/link-users/:id',
      {
        config: { access: { permission: 'workspace:add-user' } },
        schema: { params: byId, body: linkBody, response: { 200: z.array(workspaceUserSchema) } },
      },
      async (request) => linkUsers(ctx, principalOf(request), request.params.id, request.body.users),
    )

    app.post(
      '/workspace/unlink-users/:id',
      {
        config: { access: { permission: 'workspace:unlink-user' } },
        schema: { params: byId, body: unlinkBody, response: { 200: z.array(workspaceUserSchema) } },
      },
      async (request) => (await unlinkUsers(ctx, principalOf(request), request.params.id, request.body)).members,
    )
  }
