import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { clearSessionCookies } from '../auth/cookies.js'
import { recordLoginActivity } from '../db/repositories/login-activity.repository.js'
import { findUserById } from '../db/repositories/users.repository.js'
import { forgotPassword, resetPassword } from '../services/password.service.js'
import { invite, register, resendVerification, verifyEmail } from '../services/registration.service.js'
import { endSession } from '../services/sessions.service.js'
import { clientInfo } from './client-info.js'
import { MAIL_LIMIT, SIGN_IN_LIMIT } from '../auth/rate-limits.js'
import { email, message, name, password, token } from './fields.js'

const publicPost = <Body extends z.ZodType>(body: Body, rateLimit = SIGN_IN_LIMIT) => ({
  config: { access: 'public' as const, rateLimit },
  schema: { body, response: { 200: message } },
})

/** Account life cycle: logout, registration and invitations, verification, password reset (SPEC §7). */
export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/account/logout', { config: { access: 'signed-in' } }, async (request, reply) => {
      const principal = principalOf(request)
      await endSession(ctx, principal.sessionId)
      const user = await findUserById(ctx.db, principal.userId)
      await recordLoginActivity(ctx.db, {
        userId: principal.userId,
        email: user?.email ?? '',
        kind: 'logout',
        message: 'Signed out',
        ...clientInfo(request),
      })
      clearSessionCookies(reply)
      return { message: 'logged_out' as const, redirectTo: '/login' }
    })

    const registration = z.object({ name, email, password, token: token.optional() })
    app.post('/account/register', publicPost(registration), async (request) =>
      register(ctx, request.body),
    )

    const verification = z.object({ token })
    app.post('/account/verify', publicPost(verification), async (request) =>
      verifyEmail(ctx, request.body.token),
    )

    const byEmail = z.object({ email })
    app.post('/account/resend-verification', publicPost(byEmail, MAIL_LIMIT), async (request) =>
      resendVerification(ctx, request.body.email),
    )
    app.post('/account/forgot-password', publicPost(byEmail, MAIL_LIMIT), async (request) =>
      forgotPassword(ctx, request.body.email),
    )

    const reset = z.object({ token, password })
    app.post('/account/reset-password', publicPost(reset), async (request) =>
      resetPassword(ctx, request.body.token, request.body.password),
    )

    app.post(
      '/account/invite',
      {
        config: { access: { permission: 'users:manage' } },
        schema: { body: z.object({ email, name: name.optional(), roleId: z.uuid('must be a role id').optional() }) },
      },
      async (request) => {
        const principal = principalOf(request)
        return invite(ctx, {
          ...request.body,
          organizationId: principal.organizationId,
          workspaceId: principal.workspaceId,
        })
      },
    )
  }
