import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { REFRESH_COOKIE, setSessionCookies, clearSessionCookies } from '../auth/cookies.js'
import { findUserById } from '../db/repositories/users.repository.js'
import { HttpError, INVALID_TOKEN, unauthorized } from '../http-error.js'
import { login, loginResponse, recordLockedOut } from '../services/login.service.js'
import { rotateSession } from '../services/sessions.service.js'
import { clientInfo } from './client-info.js'
import { sharedOf } from '../shared/shared-state.js'
import { SIGN_IN_LIMIT, signInWithBackoff } from '../auth/rate-limits.js'

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const backoff = sharedOf(ctx).loginBackoff
    app.post(
      '/auth/login',
      {
        config: { access: 'public', rateLimit: SIGN_IN_LIMIT },
        schema: {
          body: z.object({
            email: z.string('is required').min(1, 'is required'),
            password: z.string('is required').min(1, 'is required'),
          }),
        },
      },
      async (request, reply) => {
        const { email, password } = request.body
        const client = clientInfo(request)
        const { response, tokens } = await signInWithBackoff(backoff, email, reply, () =>
          login(ctx, email, password, client),
        ).catch(async (error: unknown) => {
          // Refused by the backoff before any password check: login.service recorded nothing.
          if (error instanceof HttpError && error.statusCode === 429)
            await recordLockedOut(ctx, email, error.message, client)
          throw error
        })
        setSessionCookies(reply, tokens)
        return response
      },
    )

    app.post('/auth/refreshToken', { config: { access: 'public' } }, async (request, reply) => {
      try {
        const tokens = await rotateSession(ctx, request.cookies[REFRESH_COOKIE])
        const user = await findUserById(ctx.db, tokens.userId)
        if (!user || user.status !== 'active') throw unauthorized(INVALID_TOKEN)
        setSessionCookies(reply, tokens)
        return await loginResponse(ctx, user, tokens)
      } catch (error) {
        clearSessionCookies(reply)
        throw error
      }
    })
  }
