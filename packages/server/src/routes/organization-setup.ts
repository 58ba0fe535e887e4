import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { setSessionCookies } from '../auth/cookies.js'
import { recordLoginActivity } from '../db/repositories/login-activity.repository.js'
import { findUserById, hasAdmin } from '../db/repositories/users.repository.js'
import { badRequest } from '../http-error.js'
import { loginResponse } from '../services/login.service.js'
import { createOrganization } from '../services/organization.service.js'
import { startSession } from '../services/sessions.service.js'
import { clientInfo } from './client-info.js'
import { email, name, password } from './fields.js'

/** First run: the fresh install's admin, organization and default workspace. Closed once an admin exists. */
export const organizationSetupRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/organization-setup', { config: { access: 'public' } }, async () => ({
      required: !(await hasAdmin(ctx.db)),
    }))

    app.post(
      '/organization-setup',
      { config: { access: 'public' }, schema: { body: z.object({ name, email, password }) } },
      async (request, reply) => {
        if (await hasAdmin(ctx.db)) throw badRequest('This install is already set up. Sign in instead.')
        const { userId, workspaceId } = await createOrganization(ctx, { ...request.body, status: 'active' })
        const user = await findUserById(ctx.db, userId)
        if (!user) throw new Error('The new admin vanished')
        const client = clientInfo(request)
        const tokens = await startSession(ctx, userId, workspaceId, client)
        setSessionCookies(reply, tokens)
        await recordLoginActivity(ctx.db, { userId, email: user.email, kind: 'setup', message: 'Organization set up', ...client })
        return loginResponse(ctx, user, tokens)
      },
    )
  }
