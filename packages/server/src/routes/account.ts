import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { clearSessionCookies } from '../auth/cookies.js'
import { recordLoginActivity } from '../db/repositories/login-activity.repository.js'
import { findUserById } from '../db/repositories/users.repository.js'
import { forgotPassword, resetPassword } from '../services/password.service.js'
import { register, resendVerification, verifyEmail } from '../services/registration.service.js'
import { invite, previewInvitation, resendInvitation, revokeInvitation } from '../services/invitations.service.js'
import { inviteOptions } from '../services/organization-users.service.js'
import { endSession } from '../services/sessions.service.js'
import { clientInfo } from './client-info.js'
import { mailLimit, SIGN_IN_LIMIT } from '../auth/rate-limits.js'
import { sharedOf } from '../shared/shared-state.js'
import { email, message, name, password, token } from './fields.js'

const publicPost = <Body extends z.ZodType>(body: Body) => ({
  config: { access: 'public' as const, rateLimit: SIGN_IN_LIMIT },
  schema: { body, response: { 200: message } },
})

const id = (what: string) => z.uuid(`must be a ${what} id`)

/** Account life cycle: logout, registration and invitations, verification, password reset (SPEC §7). */
export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route that mails an account link shares one count per address.
    const limitMails = mailLimit(sharedOf(ctx).counters)
    const mailingPost = <Body extends z.ZodType>(body: Body) => ({ ...publicPost(body), preHandler: limitMails })

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
    app.post('/account/register', publicPost(registration), async (request) => register(ctx, request.body))

    const verification = z.object({ token })
    app.post('/account/verify', publicPost(verification), async (request) => verifyEmail(ctx, request.body.token))

    const byEmail = z.object({ email })
    app.post('/account/resend-verification', mailingPost(byEmail), async (request) =>
      resendVerification(ctx, request.body.email),
    )
    app.post('/account/forgot-password', mailingPost(byEmail), async (request) =>
      forgotPassword(ctx, request.body.email),
    )

    const reset = z.object({ token, password })
    app.post('/account/reset-password', publicPost(reset), async (request) =>
      resetPassword(ctx, request.body.token, request.body.password),
    )

    const manageUsers = { access: { permission: 'users:manage' } }

    const invitation = z.object({
      email,
      name: name.optional(),
      workspaceId: id('workspace').optional(),
      roleId: id('role').optional(),
    })
    const invited = z.object({
      message: z.string(),
      id: z.string(),
      email: z.string(),
      workspaceId: z.string(),
      roleId: z.string(),
    })
    app.post(
      '/account/invite',
      { config: manageUsers, preHandler: limitMails, schema: { body: invitation, response: { 200: invited } } },
      async (request) => invite(ctx, principalOf(request), request.body),
    )

    app.post(
      '/account/invite/resend',
      { config: manageUsers, preHandler: limitMails, schema: { body: byEmail, response: { 200: message } } },
      async (request) => resendInvitation(ctx, principalOf(request), request.body.email),
    )

    app.delete(
      '/account/invite',
      { config: manageUsers, schema: { querystring: byEmail, response: { 200: message } } },
      async (request) => revokeInvitation(ctx, principalOf(request), request.query.email),
    )

    const preview = z.object({
      email: z.string(),
      name: z.string(),
      organization: z.string(),
      workspace: z.string(),
      role: z.string(),
      invitedBy: z.string().nullable(),
      expiresAt: z.string(),
    })
    app.get(
      '/account/invite',
      {
        config: { access: 'public', rateLimit: SIGN_IN_LIMIT },
        schema: { querystring: z.object({ token }), response: { 200: preview } },
      },
      async (request) => previewInvitation(ctx, request.query.token),
    )

    const option = z.object({ id: z.string(), name: z.string() })
    app.get(
      '/account/invite/options',
      {
        config: manageUsers,
        schema: {
          response: {
            200: z.object({
              workspaces: z.array(option),
              roles: z.array(option.extend({ description: z.string(), builtIn: z.boolean() })),
              defaultRoleId: z.string().nullable(),
              activeWorkspaceId: z.string(),
            }),
          },
        },
      },
      async (request) => inviteOptions(ctx, principalOf(request)),
    )
  }
