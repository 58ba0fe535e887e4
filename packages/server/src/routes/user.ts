import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { hashPassword, verifyPassword } from '../auth/passwords.js'
import { findUserByEmail, findUserById, updateUser } from '../db/repositories/users.repository.js'
import { badRequest, conflict, forbidden, notFound } from '../http-error.js'
import { loadProfile } from '../services/profile.service.js'
import { email, name, password } from './fields.js'

const profileUpdate = z
  .object({
    name: name.optional(),
    email: email.optional(),
    oldPassword: z.string().optional(),
    newPassword: password.optional(),
  })
  .refine((body) => !body.newPassword || body.oldPassword, {
    message: 'is required to set a new password',
    path: ['oldPassword'],
  })

/** The signed-in user's own profile (SPEC §7 GET/PUT /user). */
export const userRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/user',
      { config: { access: 'signed-in' }, schema: { querystring: z.object({ id: z.string().optional() }) } },
      async (request) => {
        const principal = principalOf(request)
        if (request.query.id && request.query.id !== principal.userId) throw notFound('User not found')
        const user = await findUserById(ctx.db, principal.userId)
        if (!user) throw notFound('User not found')
        return (await loadProfile(ctx, user, principal.workspaceId)).user
      },
    )

    app.put('/user', { config: { access: 'signed-in' }, schema: { body: profileUpdate } }, async (request) => {
      const principal = principalOf(request)
      if (principal.isSSO) throw forbidden('SSO users cannot update their profile here; their provider manages it')
      const user = await findUserById(ctx.db, principal.userId)
      if (!user) throw notFound('User not found')
      const { name: newName, email: newEmail, oldPassword, newPassword } = request.body
      if (newEmail && newEmail.toLowerCase() !== user.email) {
        const owner = await findUserByEmail(ctx.db, newEmail)
        if (owner) throw conflict('email: another account already uses this address')
      }
      if (newPassword && !(await verifyPassword(user.password_hash, oldPassword ?? ''))) {
        throw badRequest('oldPassword: the current password is incorrect')
      }
      await updateUser(ctx.db, user.id, {
        ...(newName ? { name: newName } : {}),
        ...(newEmail ? { email: newEmail } : {}),
        ...(newPassword ? { password_hash: await hashPassword(newPassword) } : {}),
        updated_at: new Date().toISOString(),
      })
      const updated = await findUserById(ctx.db, user.id)
      if (!updated) throw notFound('User not found')
      return (await loadProfile(ctx, updated, principal.workspaceId)).user
    })
  }
