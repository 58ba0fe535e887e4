import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { listUsers, removeUser, updateUser } from '../services/organization-users.service.js'
import { message } from './fields.js'

const id = (what: string) => z.uuid(`must be a ${what} id`)

const workspaceLink = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  roleId: z.string().nullable(),
  roleName: z.string(),
  lastLogin: z.string().nullable(),
})

const organizationUser = z.object({
  organizationId: z.string(),
  userId: z.string(),
  roleId: z.string().nullable(),
  status: z.enum(['active', 'disabled', 'invited']),
  isOrganizationAdmin: z.boolean(),
  isOrgOwner: z.boolean(),
  createdDate: z.string(),
  lastLogin: z.string().nullable(),
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    status: z.string(),
    lastLogin: z.string().nullable(),
  }),
  role: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  workspaces: z.array(workspaceLink),
  invitation: z
    .object({
      invitedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
      invitedAt: z.string(),
      sentAt: z.string(),
      expiresAt: z.string().nullable(),
      expired: z.boolean(),
    })
    .nullable(),
})

/** Flowise spells a disabled organization user 'disable'; both are taken. */
const status = z
  .enum(['active', 'disabled', 'disable'], 'must be active or disabled')
  .transform((s) => (s === 'disable' ? 'disabled' : s))

/** /organizationuser: the organization's users, their status, admin flag and invitations (SPEC §7). */
export const organizationUserRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: { permission: 'users:manage' } }

    app.get(
      '/organizationuser',
      {
        config,
        schema: {
          querystring: z.object({ organizationId: id('organization').optional(), userId: id('user').optional() }),
          response: { 200: z.union([z.array(organizationUser), organizationUser]) },
        },
      },
      async (request) => listUsers(ctx, principalOf(request), request.query),
    )

    app.put(
      '/organizationuser',
      {
        config,
        schema: {
          body: z.object({
            organizationId: id('organization'),
            userId: id('user'),
            status: status.optional(),
            roleId: id('role').optional(),
            workspaceId: id('workspace').optional(),
            isOrganizationAdmin: z.boolean('must be true or false').optional(),
          }),
          response: { 200: organizationUser },
        },
      },
      async (request) => updateUser(ctx, principalOf(request), request.body),
    )

    app.delete(
      '/organizationuser',
      {
        config,
        schema: {
          querystring: z.object({ organizationId: id('organization'), userId: id('user') }),
          response: { 200: message },
        },
      },
      async (request) => removeUser(ctx, principalOf(request), request.query),
    )
  }
