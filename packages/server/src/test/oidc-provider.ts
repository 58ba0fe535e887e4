import { createServer, type Server } from 'node:http'
import Provider, { type Configuration } from 'oidc-provider'

// A real OpenID provider (the `oidc-provider` package) on loopback for the single sign-on tests of
// server and browser: one confidential test client, and devInteractions' login form, where any
// login signs in as that account. The account's id is its e-mail; addresses listed as unverified
// get email_verified false. The consent step is granted at once, as a company's own provider does
// for its own apps.

/** The ports of the SSO part's range tried in turn (4160 and 4161 are the browser test's). */
const PORTS = [4162, 4163, 4164, 4165, 4166, 4167, 4168, 4169]

export interface TestOidcProvider {
  issuer: string
  port: number
  clientId: string
  clientSecret: string
  /** Addresses the provider signs in without vouching for them (email_verified false). */
  unverified: Set<string>
  /**
   * Follows the provider's redirects from the authorization URL through its login form, signing
   * in as `login`, and answers the URL the provider sent the browser back to (the redirect URI
   * with code and state, or with an error).
   */
  signIn: (authorizationUrl: string, login: string) => Promise<URL>
  close: () => Promise<void>
}

async function listenOnOneOf(server: Server, ports: readonly number[]): Promise<number> {
  for (const port of ports) {
    const ok = await new Promise<boolean>((resolve) => {
      const onError = (error: NodeJS.ErrnoException) => {
        server.off('listening', onListening)
        if (error.code === 'EADDRINUSE') resolve(false)
        else throw error
      }
      const onListening = () => {
        server.off('error', onError)
        resolve(true)
      }
      server.once('error', onError)
      server.once('listening', onListening)
      server.listen(port, '127.0.0.1')
    })
    if (ok) return port
  }
  throw new Error(`None of the ports ${ports.join(', ')} is free for the test OpenID provider`)
}

export async function startOidcProvider(options: {
  redirectUris: string[]
  /** Ports to try, in order (the server tests' part of the range by default). */
  ports?: readonly number[]
  clientId?: string
  clientSecret?: string
}): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'weft-test-client'
  const clientSecret = options.clientSecret ?? 'weft-test-client-secret-0123456789'
  const unverified = new Set<string>()
  // The issuer names the port, which is known once listening: the handler is set after.
  const route: { handler?: (req: unknown, res: unknown) => void } = {}
  const server = createServer((req, res) => route.handler?.(req, res))
  const port = await listenOnOneOf(server, options.ports ?? PORTS)
  const issuer = `http://127.0.0.1:${port}`

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Scope claims in the ID token itself, as Google and Entra ID put the e-mail there.
    conformIdTokenClaims: false,
    cookies: { keys: ['weft-test-oidc-cookie-key'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: id,
        email_verified: !unverified.has(id),
        name: id.split('@')[0] ?? id,
      }),
    }),
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId)
      if (grantId) return ctx.oidc.provider.Grant.find(grantId)
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
    renderError: (ctx, out) => {
      ctx.type = 'html'
      ctx.body = `<h1>Provider error</h1><p>${String(out.error)}: ${String(out.error_description ?? '')}</p>`
    },
  }
  const provider = new Provider(issuer, configuration)
  route.handler = provider.callback() as (req: unknown, res: unknown) => void

  async function signIn(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>()
    const send = async (url: URL, init: RequestInit = {}) => {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      })
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';')
        const at = pair!.indexOf('=')
        const name = pair!.slice(0, at)
        const value = pair!.slice(at + 1)
        if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.delete(name)
        else jar.set(name, value)
      }
      return response
    }
    let url = new URL(authorizationUrl)
    for (let step = 0; step < 12; step += 1) {
      if (url.origin !== issuer) return url
      const response = await send(url)
      const location = response.headers.get('location')
      if (location) {
        url = new URL(location, url)
        continue
      }
      const html = await response.text()
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
      const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1]
      if (!action || !prompt)
        throw new Error(`The provider answered ${response.status} without a form: ${html.slice(0, 300)}`)
      const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt })
      const submitted = await send(new URL(action.replace(/&amp;/g, '&'), url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      })
      const next = submitted.headers.get('location')
      if (!next) throw new Error(`The provider's ${prompt} form answered ${submitted.status} without a redirect`)
      url = new URL(next, url)
    }
    throw new Error('The provider redirected too many times')
  }

  return {
    issuer,
    port,
    clientId,
    clientSecret,
    unverified,
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
