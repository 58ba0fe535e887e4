import { REDACTED_SECRET } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { ADMIN, browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { startMailbox, type Mailbox } from '../test/mailbox.js'
import { startOidcProvider, type TestOidcProvider } from '../test/oidc-provider.js'

// Single sign-on against a real OpenID provider (oidc-provider) on loopback: the test's client
// follows the redirects through the provider's login form like a browser, and brings the
// provider's answer back to Weft's callback.

const PUBLIC_URL = 'http://weft.test'
const CALLBACK = `${PUBLIC_URL}/api/v1/sso/oidc/callback`

let idp: TestOidcProvider
let mailbox: Mailbox
beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: [CALLBACK] })
  mailbox = await startMailbox()
})
afterAll(async () => {
  await idp.close()
  await mailbox.close()
})

const oidcConfig = (overrides: Record<string, string> = {}) => ({
  providerName: 'oidc',
  config: {
    issuer: idp.issuer,
    clientID: idp.clientId,
    clientSecret: idp.clientSecret,
    label: 'Test IdP',
    ...overrides,
  },
  status: 'enable',
})

/** The path and query of a URL on Weft, for `inject`. */
const local = (url: URL) => {
  expect(url.origin).toBe(PUBLIC_URL)
  return url.pathname + url.search
}

/** The message the login page is sent with. */
const ssoError = (location: string) => new URL(location, PUBLIC_URL).searchParams.get('ssoError')

describe.each(testDialects())('single sign-on on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({
      dialect,
      env: {
        PLATFORM_TYPE: 'enterprise',
        WEFT_PUBLIC_URL: PUBLIC_URL,
        WEFT_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mailbox.port),
        SENDER_EMAIL: 'weft@example.com',
      },
    })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  /** Starts a sign-in in a fresh browser, signs in at the provider as `login`, and answers Weft's callback reply. */
  async function ssoSignIn(login: string, tamper?: (callback: URL) => void) {
    const user = browser(t.app)
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/sso/oidc/login' })
    expect(start.statusCode).toBe(302)
    const state = start.cookies.find((c) => c.name === 'weft_sso_state')
    expect(state).toMatchObject({ httpOnly: true, path: '/api/v1/sso', maxAge: 600 })
    user.jar.set('weft_sso_state', state!.value)
    const authorization = new URL(start.headers.location as string)
    expect(authorization.origin).toBe(idp.issuer)
    expect(authorization.searchParams.get('redirect_uri')).toBe(CALLBACK)
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorization.searchParams.get('state')).toBeTruthy()
    expect(authorization.searchParams.get('nonce')).toBeTruthy()
    const back = await idp.signIn(authorization.href, login)
    tamper?.(back)
    const callback = await user.get(local(back))
    return { user, callback }
  }

  it('lists every provider unconfigured with its redirect URI, and only admins may', async () => {
    const res = await admin.get('/api/v1/sso-config')
    expect(res.status).toBe(200)
    expect(res.body.providers.map((p: { providerName: string }) => p.providerName)).toEqual([
      'azure',
      'google',
      'auth0',
      'oidc',
    ])
    expect(res.body.providers[0]).toMatchObject({
      providerLabel: 'Microsoft',
      status: 'disable',
      configured: false,
      callbackURL: `${PUBLIC_URL}/api/v1/sso/azure/callback`,
    })
    expect(res.body.providers[1].issuer).toBe('https://accounts.google.com')
    expect((await browser(t.app).get('/api/v1/sso-config')).status).toBe(401)
    expect((await browser(t.app).get('/api/v1/sso/providers')).body).toEqual({ providers: [] })
  })

  it('tests discovery: ok at the provider, a clear message naming an issuer that does not answer or has no metadata', async () => {
    const ok = await admin.post('/api/v1/sso-config/test', { providerName: 'oidc', config: { issuer: idp.issuer } })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ ok: true, issuer: idp.issuer })
    expect(ok.body.message).toContain(`${idp.issuer}/auth`)

    const noMetadata = `${idp.issuer}/nowhere`
    const missing = await admin.post('/api/v1/sso-config/test', {
      providerName: 'oidc',
      config: { issuer: noMetadata },
    })
    expect(missing.body).toEqual({
      ok: false,
      issuer: noMetadata,
      message: expect.stringContaining(`The issuer ${noMetadata} answered no`),
    })

    const closed = 'http://127.0.0.1:9/'
    const silent = await admin.post('/api/v1/sso-config/test', { providerName: 'oidc', config: { issuer: closed } })
    expect(silent.body.ok).toBe(false)
    expect(silent.body.message).toContain(`The issuer ${closed} did not answer OpenID discovery`)

    // A private address the administrator did not allow is refused as any user-chosen address is.
    const privateIssuer = 'https://10.1.2.3/'
    const refused = await admin.post('/api/v1/sso-config/test', {
      providerName: 'oidc',
      config: { issuer: privateIssuer },
    })
    expect(refused.body.ok).toBe(false)
    expect(refused.body.message).toContain('10.1.2.3')

    const bad = await admin.post('/api/v1/sso-config/test', { providerName: 'azure', config: { tenantID: '' } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('config.tenantID: is required')
    const shared = await admin.post('/api/v1/sso-config/test', {
      providerName: 'azure',
      config: { tenantID: 'common' },
    })
    expect(shared.body.message).toBe("config.tenantID: must be your directory's own tenant id, not 'common'")
    const unknown = await admin.post('/api/v1/sso-config/test', { providerName: 'github', config: {} })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toContain('providerName')
  })

  it('stores the secret encrypted, never answers it, and keeps it when sent back redacted for the same issuer', async () => {
    const saved = await admin.put('/api/v1/sso-config', oidcConfig())
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({
      providerName: 'oidc',
      providerLabel: 'Test IdP',
      status: 'enable',
      issuer: idp.issuer,
      config: { issuer: idp.issuer, clientID: idp.clientId, clientSecret: REDACTED_SECRET },
    })
    const listed = await admin.get('/api/v1/sso-config')
    expect(JSON.stringify(listed.body)).not.toContain(idp.clientSecret)
    expect(JSON.stringify(saved.body)).not.toContain(idp.clientSecret)
    const row = await t.db.selectFrom('sso_configs').selectAll().executeTakeFirstOrThrow()
    expect(row.client_secret).toMatch(/^v1:/)
    expect(row.client_secret).not.toContain(idp.clientSecret)
    expect(row.settings).not.toContain(idp.clientSecret)

    // Sent back redacted: the stored secret stays, and sign-in still works with it.
    const again = await admin.post(
      '/api/v1/sso-config',
      oidcConfig({ clientSecret: REDACTED_SECRET, label: 'Renamed' }),
    )
    expect(again.status).toBe(200)
    expect(again.body.providerLabel).toBe('Renamed')
    expect((await ssoSignIn(ADMIN.email)).callback.status).toBe(302)

    // Another issuer must not be handed the old secret.
    const moved = await admin.put(
      '/api/v1/sso-config',
      oidcConfig({ issuer: `${idp.issuer}/elsewhere`, clientSecret: REDACTED_SECRET }),
    )
    expect(moved.status).toBe(400)
    expect(moved.body.message).toBe('config.clientSecret: the issuer changed, so enter the client secret again')
    expect((await admin.get('/api/v1/sso-config')).body.providers[3].issuer).toBe(idp.issuer)
  })

  it('enables a provider only when discovery passes, changing nothing otherwise', async () => {
    const broken = `${idp.issuer}/nowhere`
    const res = await admin.put('/api/v1/sso-config', oidcConfig({ issuer: broken }))
    expect(res.status).toBe(400)
    expect(res.body.message).toContain(`The issuer ${broken} answered no`)
    expect(await t.db.selectFrom('sso_configs').selectAll().execute()).toEqual([])
    const noSecret = await admin.put('/api/v1/sso-config', oidcConfig({ clientSecret: '' }))
    expect(noSecret.body.message).toBe('config.clientSecret: is required to enable sign-in')
    // Disabled, it may be saved half done.
    const draft = await admin.put('/api/v1/sso-config', {
      providerName: 'auth0',
      config: { domain: 'example.eu.auth0.com' },
    })
    expect(draft.status).toBe(200)
    expect(draft.body).toMatchObject({ status: 'disable', issuer: 'https://example.eu.auth0.com/', configured: true })
    expect((await browser(t.app).get('/api/v1/sso/providers')).body).toEqual({ providers: [] })
  })

  it('signs an existing member in through the provider’s login form, as an SSO user with a Weft session', async () => {
    await admin.put('/api/v1/sso-config', oidcConfig())
    expect((await browser(t.app).get('/api/v1/sso/providers')).body).toEqual({
      providers: [{ providerName: 'oidc', label: 'Test IdP', url: '/api/v1/sso/oidc/login' }],
    })

    const { user, callback } = await ssoSignIn(ADMIN.email.toUpperCase())
    expect(callback.status).toBe(302)
    expect(callback.cookies).toHaveProperty('weft_token')
    expect(user.jar.has('weft_refresh')).toBe(true)
    expect(user.jar.has('weft_sso_state')).toBe(false)

    const me = await user.get('/api/v1/user')
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ email: ADMIN.email, isSSO: true, isOrganizationAdmin: true })
    // What /sso-success loads: the signed-in state, the SSO flag with it.
    const state = await user.post('/api/v1/auth/refreshToken')
    expect(state.status).toBe(200)
    expect(state.body).toMatchObject({ email: ADMIN.email, isSSO: true, token: expect.any(String) })

    const activity = await t.db.selectFrom('login_activity').selectAll().where('activity', '=', 'sso').execute()
    expect(activity).toHaveLength(1)
    expect(activity[0]).toMatchObject({ email: ADMIN.email, message: 'Signed in with Test IdP' })

    // SSO users cannot update their profile (SPEC §6), nor their password.
    const profile = await user.put('/api/v1/user', { name: 'Someone Else' })
    expect(profile.status).toBe(403)
    expect(profile.body.message).toMatch(/^SSO users cannot update their profile/)
    const password = await user.put('/api/v1/user', {
      oldPassword: ADMIN.password,
      newPassword: 'another password 123',
    })
    expect(password.status).toBe(403)
    expect((await user.get('/api/v1/user')).body.name).toBe(ADMIN.name)

    // Sign-out ends the Weft session.
    expect((await user.post('/api/v1/account/logout')).status).toBe(200)
    expect((await user.get('/api/v1/user')).status).toBe(401)
  })

  it('lets an invited e-mail join on its first SSO sign-in, in the invited workspace with its role', async () => {
    await admin.put('/api/v1/sso-config', oidcConfig())
    const invited = await admin.post('/api/v1/account/invite', { email: 'Grace@Example.com', name: 'Grace' })
    expect(invited.status).toBe(200)
    await mailbox.next()
    const { user, callback } = await ssoSignIn('grace@example.com')
    expect(callback.status).toBe(302)
    expect(callback.body).toBe('')
    const adminWorkspace = (await admin.get('/api/v1/user')).body.activeWorkspaceId
    const me = await user.get('/api/v1/user')
    expect(me.body).toMatchObject({
      email: 'grace@example.com',
      name: 'Grace',
      status: 'active',
      isSSO: true,
      role: 'member',
      activeWorkspaceId: adminWorkspace,
      isOrganizationAdmin: false,
    })
    expect(await t.db.selectFrom('invitations').selectAll().execute()).toEqual([])
    // Signed in again later: the same user, no second account.
    expect((await ssoSignIn('grace@example.com')).callback.status).toBe(302)
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'grace@example.com').execute()).toHaveLength(
      1,
    )
  })

  it('refuses an invited e-mail whose invitation expired', async () => {
    await admin.put('/api/v1/sso-config', oidcConfig())
    expect((await admin.post('/api/v1/account/invite', { email: 'late@example.com' })).status).toBe(200)
    await mailbox.next()
    await t.db.updateTable('account_tokens').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute()
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/sso/oidc/login' })
    const back = await idp.signIn(start.headers.location as string, 'late@example.com')
    const res = await t.app.inject({
      method: 'GET',
      url: local(back),
      cookies: { weft_sso_state: start.cookies.find((c) => c.name === 'weft_sso_state')!.value },
    })
    expect(ssoError(res.headers.location as string)).toBe(
      'This invitation has expired. Ask an organization admin to send it again.',
    )
    expect(res.cookies.find((c) => c.name === 'weft_token')).toBeUndefined()
    expect(
      (await t.db.selectFrom('users').select('status').where('email', '=', 'late@example.com').executeTakeFirst())
        ?.status,
    ).toBe('invited')
  })

  it('refuses an unknown or unverified e-mail, a disabled account and a disabled provider, with the login page’s message', async () => {
    await admin.put('/api/v1/sso-config', oidcConfig())
    const stranger = await ssoSignIn('mallory@example.com')
    expect(stranger.callback.status).toBe(302)
    expect(stranger.callback.body).toBe('')
    expect(stranger.user.jar.has('weft_token')).toBe(false)
    expect((await stranger.user.get('/api/v1/user')).status).toBe(401)
    const failed = await t.db.selectFrom('login_activity').selectAll().where('activity', '=', 'login_failed').execute()
    expect(failed.map((f) => f.message)).toContainEqual(
      'SSO (oidc): mallory@example.com has no account in this organization. Ask an administrator to invite this address, then sign in with Test IdP again.',
    )

    idp.unverified.add('ada.unverified@example.com')
    const unverified = await ssoSignIn('ada.unverified@example.com')
    expect(unverified.user.jar.has('weft_token')).toBe(false)

    await admin.put('/api/v1/sso-config', { ...oidcConfig({ clientSecret: REDACTED_SECRET }), status: 'disable' })
    const off = await t.app.inject({ method: 'GET', url: '/api/v1/sso/oidc/login' })
    expect(off.statusCode).toBe(302)
    expect(ssoError(off.headers.location as string)).toBe('Sign-in with oidc is not enabled. Ask an administrator.')
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/sso/github/login' })
    expect(ssoError(unknown.headers.location as string)).toBe("There is no sign-in provider 'github'")
  })

  it('tells the login page why: an unknown e-mail, an unverified one', async () => {
    await admin.put('/api/v1/sso-config', oidcConfig())
    const user = browser(t.app)
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/sso/oidc/login' })
    user.jar.set('weft_sso_state', start.cookies.find((c) => c.name === 'weft_sso_state')!.value)
    const back = await idp.signIn(start.headers.location as string, 'mallory@example.com')
    const res = await t.app.inject({ method: 'GET', url: local(back), cookies: Object.fromEntries(user.jar) })
    expect(ssoError(res.headers.location as string)).toBe(
      'mallory@example.com has no account in this organization. Ask an administrator to invite this address, then sign in with Test IdP again.',
    )

    idp.unverified.add('eve@example.com')
    const start2 = await t.app.inject({ method: 'GET', url: '/api/v1/sso/oidc/login' })
    const back2 = await idp.signIn(start2.headers.location as string, 'eve@example.com')
    const res2 = await t.app.inject({
      method: 'GET',
      url: local(back2),
      cookies: { weft_sso_state: start2.cookies.find((c) => c.name === 'weft_sso_state')!.value },
    })
    expect(ssoError(res2.headers.location as string)).toBe('Test IdP did not vouch for a verified e-mail address')
  })

  it('refuses a tampered state, a missing or forged state cookie, and the provider’s error', async () => {
    await admin.put('/api/v1/sso-config', oidcConfig())
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/sso/oidc/login' })
    const cookie = start.cookies.find((c) => c.name === 'weft_sso_state')!.value
    const back = await idp.signIn(start.headers.location as string, ADMIN.email)
    const callback = (url: URL, cookies: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: local(url), cookies })

    const tampered = new URL(back)
    tampered.searchParams.set('state', 'not-the-state')
    const mismatch = await callback(tampered, { weft_sso_state: cookie })
    expect(ssoError(mismatch.headers.location as string)).toBe(
      'The sign-in could not be verified (state mismatch). Please try again.',
    )
    expect(mismatch.cookies.find((c) => c.name === 'weft_token')).toBeUndefined()

    const noCookie = await callback(back, {})
    expect(ssoError(noCookie.headers.location as string)).toBe(
      'This sign-in expired or was not started from this browser. Please try again.',
    )
    const forged = await callback(back, { weft_sso_state: `${cookie.slice(0, -4)}AAAA` })
    expect(ssoError(forged.headers.location as string)).toBe(
      'This sign-in expired or was not started from this browser. Please try again.',
    )
    // The state cookie is cleared by every callback, so it serves one try.
    expect(mismatch.cookies.find((c) => c.name === 'weft_sso_state')).toMatchObject({ value: '' })

    const denied = new URL(CALLBACK)
    denied.searchParams.set('error', 'access_denied')
    denied.searchParams.set('error_description', 'End-User aborted interaction')
    const refused = await callback(denied, { weft_sso_state: cookie })
    expect(ssoError(refused.headers.location as string)).toBe(
      'The provider refused the sign-in (access_denied: End-User aborted interaction)',
    )
  })

  it('is not offered outside the enterprise edition', async () => {
    const open = await startTestApp({ dialect, env: { WEFT_PUBLIC_URL: PUBLIC_URL } })
    try {
      const b = await setUpAdmin(open.app)
      const res = await b.get('/api/v1/sso-config')
      expect(res.status).toBe(403)
      expect(res.body.message).toBe('Single sign-on is part of the enterprise edition (PLATFORM_TYPE=enterprise)')
      expect((await browser(open.app).get('/api/v1/sso/providers')).body).toEqual({ providers: [] })
    } finally {
      await open.close()
    }
  })
})
