import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { signAccessToken } from '../auth/access-token.js'
import { setSessionWorkspace } from '../db/repositories/sessions.repository.js'
import { findUserById } from '../db/repositories/users.repository.js'
import { HttpError, notFound } from '../http-error.js'
import { loadProfile, toLoginResponse } from '../services/profile.service.js'

/** Workspace switching; the rest of workspace management arrives with its own issue. */
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
        const profile = await loadProfile(ctx, user, request.query.id).catch((error: unknown) => {
          // A workspace the user is not in reads as one that does not exist.
          throw error instanceof HttpError && error.statusCode === 403 ? notFound('Workspace not found') : error
        })
        await setSessionWorkspace(ctx.db, principal.sessionId, request.query.id)
        const token = await signAccessToken(ctx.keys.tokenKey, { userId: user.id, sessionId: principal.sessionId })
        return toLoginResponse(profile, token)
      },
    )
  }
