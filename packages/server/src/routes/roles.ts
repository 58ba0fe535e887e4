import { isPermission, PERMISSIONS } from '@weft/core'
import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { badRequest } from '../http-error.js'
import { changeRole, createRole, listRoles, readRole, removeRole } from '../services/roles.service.js'

const permission = z
  .string('must be a permission')
  .max(100, 'must be a permission')
  .refine(isPermission, { error: (issue) => `${String(issue.input)} is not a permission` })

const permissionList = z
  .array(permission, 'must be a list of permissions')
  .min(1, 'choose at least one permission')
  .max(PERMISSIONS.length * 2, 'names too many permissions')

/**
 * The permissions as a list, or as the JSON text of one (Flowise's role dialog sends
 * `JSON.stringify(permissions)`), so its scripts keep working.
 */
const permissionsField = z
  .union([permissionList, z.string()], 'must be a list of permissions')
  .describe('Permission strings (SPEC §6 and the write permissions); a JSON text of the list is read too')

function readPermissions(value: string[] | string | undefined): string[] | undefined {
  if (typeof value !== 'string') return value
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    throw badRequest('body.permissions: must be a list of permissions')
  }
  const checked = permissionList.safeParse(parsed)
  if (!checked.success) {
    const issue = checked.error.issues[0]!
    const where = ['body.permissions', ...issue.path.map(String)].join('.')
    throw badRequest(`${where}: ${issue.message}`)
  }
  return checked.data
}

const roleName = z.string('is required').trim().min(1, 'is required').max(100, 'must be at most 100 characters')
const description = z.string('must be text').trim().max(1000, 'must be at most 1000 characters')
const id = z.string('must be a role id').min(1, 'must be a role id').max(100, 'must be a role id')
const organizationId = z.string().min(1).max(100).optional().describe("Must be the caller's organization")

const roleSchema = z.object({
  id: z.string(),
  organizationId: z.string().nullable().describe('Null for a built-in role'),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  builtIn: z.boolean().describe('Built-in roles (owner, admin, member, viewer) cannot be changed or deleted'),
  userCount: z.number().describe('People of the organization holding the role'),
  createdDate: z.string(),
  updatedDate: z.string(),
})

const deleted = z.object({ id: z.string(), message: z.string() })

// Reading roles serves the people who hand them out too: inviting a user, adding a workspace member.
const READ_ROLES = 'roles:manage,users:manage,workspace:add-user'

/**
 * /role (Flowise's paths and fields): the built-in roles every organization shares and the
 * organization's own custom roles. Built-in roles cannot be changed or deleted; a role still held
 * by someone cannot be deleted. A role's change applies to its holders' next request.
 */
export const roleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/role',
      {
        config: { access: { permission: READ_ROLES } },
        schema: {
          querystring: z.object({
            id: id.optional().describe('One role (built-in or the organization’s own)'),
            organizationId,
          }),
          response: { 200: z.union([roleSchema, z.array(roleSchema)]) },
        },
      },
      async (request) => {
        const principal = principalOf(request)
        if (request.query.id !== undefined) return readRole(ctx, principal, request.query.id)
        return listRoles(ctx, principal, request.query.organizationId)
      },
    )

    app.post(
      '/role',
      {
        config: { access: { permission: 'roles:manage' } },
        schema: {
          body: z.object({
            name: roleName,
            description: description.optional(),
            permissions: permissionsField,
            organizationId,
          }),
          response: { 201: roleSchema },
        },
      },
      async (request, reply) => {
        const body = request.body
        const role = await createRole(ctx, principalOf(request), {
          ...body,
          permissions: readPermissions(body.permissions) ?? [],
        })
        return reply.status(201).send(role)
      },
    )

    app.put(
      '/role',
      {
        config: { access: { permission: 'roles:manage' } },
        schema: {
          body: z.object({
            id,
            name: roleName.optional(),
            description: description.optional(),
            permissions: permissionsField.optional(),
            organizationId,
          }),
          response: { 200: roleSchema },
        },
      },
      async (request) =>
        changeRole(ctx, principalOf(request), {
          ...request.body,
          permissions: readPermissions(request.body.permissions),
        }),
    )

    app.delete(
      '/role/:id',
      {
        config: { access: { permission: 'roles:manage' } },
        schema: { params: z.object({ id }), querystring: z.object({ organizationId }), response: { 200: deleted } },
      },
      async (request) => removeRole(ctx, principalOf(request), request.params.id, request.query.organizationId),
    )

    // Flowise's own spelling: DELETE /role?id=…&organizationId=…
    app.delete(
      '/role',
      {
        config: { access: { permission: 'roles:manage' } },
        schema: { querystring: z.object({ id, organizationId }), response: { 200: deleted } },
      },
      async (request) => removeRole(ctx, principalOf(request), request.query.id, request.query.organizationId),
    )
  }
