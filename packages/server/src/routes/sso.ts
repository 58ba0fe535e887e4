import { SSO_PROVIDERS, isSsoProviderName } from '@weft/core'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { setSessionCookies } from '../auth/cookies.js'
import { listLoginProviders, readSsoConfigs, saveSsoProvider, testSsoConfig } from '../services/sso-config.service.js'
import { finishSsoSignIn, SSO_STATE_SECONDS, SsoSignInError, startSsoSignIn } from '../services/sso.service.js'
import { clientInfo } from './client-info.js'

/** The sign-in's state cookie: HttpOnly, only for the SSO routes, gone after ten minutes or the callback. */
export const SSO_STATE_COOKIE = 'weft_sso_state'
const stateCookie = { httpOnly: true, sameSite: 'lax' as const, secure: 'auto' as const, path: '/api/v1/sso' }

/** Starting and finishing sign-ins, per client address: a few a minute is plenty for a person. */
const SSO_SIGN_IN_LIMIT = { max: 30, timeWindow: '1 minute' }

const text = (max: number) => z.string('must be text').max(max, `must be at most ${max} characters`)

const providerSettings = z.object({
  tenantID: text(200).optional(),
  domain: text(255).optional(),
  issuer: text(2000).optional(),
  label: text(60).optional(),
  clientID: text(500).optional(),
  clientSecret: text(4000).optional(),
})

const providerName = z.enum(SSO_PROVIDERS, `must be one of ${SSO_PROVIDERS.join(', ')}`)

const saveBody = z.object({
  providerName,
  config: providerSettings,
  status: z.enum(['enable', 'disable'], "must be 'enable' or 'disable'").default('disable'),
})

const testBody = z.object({ providerName, config: providerSettings })

/** To the login page with the message it shows (SPEC: errors of a sign-in land there). */
const toLogin = (reply: FastifyReply, message: string) =>
  reply.redirect(`/login?${new URLSearchParams({ ssoError: message }).toString()}`, 302)

/** /sso-config (organization admins, sso:manage) and the public sign-in routes under /sso. */
export const ssoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const manage = { access: { permission: 'sso:manage' } } as const

    app.get('/sso-config', { config: manage }, async (request) =>
      readSsoConfigs(ctx, principalOf(request).organizationId),
    )

    for (const method of ['PUT', 'POST'] as const) {
      app.route({
        method,
        url: '/sso-config',
        config: manage,
        schema: { body: saveBody },
        handler: async (request) => saveSsoProvider(ctx, principalOf(request).organizationId, request.body),
      })
    }

    app.post('/sso-config/test', { config: manage, schema: { body: testBody } }, async (request) =>
      testSsoConfig(ctx, principalOf(request).organizationId, request.body),
    )

    app.get('/sso/providers', { config: { access: 'public' } }, async () => ({
      providers: await listLoginProviders(ctx),
    }))

    app.get(
      '/sso/:provider/login',
      {
        config: { access: 'public', rateLimit: SSO_SIGN_IN_LIMIT },
        schema: { params: z.object({ provider: z.string() }) },
      },
      async (request, reply) => {
        const { provider } = request.params
        if (!isSsoProviderName(provider))
          return toLogin(reply, `There is no sign-in provider '${provider.slice(0, 40)}'`)
        try {
          const { url, sealed } = await startSsoSignIn(ctx, provider)
          reply.setCookie(SSO_STATE_COOKIE, sealed, { ...stateCookie, maxAge: SSO_STATE_SECONDS })
          return reply.redirect(url, 302)
        } catch (error) {
          if (error instanceof SsoSignInError) return toLogin(reply, error.message)
          throw error
        }
      },
    )

    app.get(
      '/sso/:provider/callback',
      {
        config: { access: 'public', rateLimit: SSO_SIGN_IN_LIMIT },
        schema: {
          params: z.object({ provider: z.string() }),
          querystring: z.record(z.string(), z.string().max(4000).optional()),
        },
      },
      async (request, reply) => {
        const { provider } = request.params
        // The state is good for one try whatever happens.
        reply.clearCookie(SSO_STATE_COOKIE, stateCookie)
        if (!isSsoProviderName(provider))
          return toLogin(reply, `There is no sign-in provider '${provider.slice(0, 40)}'`)
        try {
          const { tokens } = await finishSsoSignIn(
            ctx,
            provider,
            request.cookies[SSO_STATE_COOKIE],
            request.query,
            clientInfo(request),
          )
          setSessionCookies(reply, tokens)
          return reply.redirect('/sso-success', 302)
        } catch (error) {
          if (error instanceof SsoSignInError) return toLogin(reply, error.message)
          throw error
        }
      },
    )
  }
