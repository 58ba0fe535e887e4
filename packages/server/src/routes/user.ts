import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { findUserById } from '../db/repositories/users.repository.js'
import { notFound } from '../http-error.js'
import { loadProfile } from '../services/profile.service.js'
import { updateOwnProfile } from '../services/profile-update.service.js'
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

    app.put('/user', { config: { access: 'signed-in' }, schema: { body: profileUpdate } }, async (request) =>
      updateOwnProfile(ctx, principalOf(request), request.body),
    )
  }
