import { SignJWT } from 'jose'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadKeys } from '../auth/secrets.js'
import { testDialects } from '../test/dialects.js'
import { ADMIN, browser, setUpAdmin, startTestApp, TEST_SECRET, type TestApp } from '../test/harness.js'

describe.each(testDialects())('sign-in and sessions on $name', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  it('logs in with the right password and answers the login response', async () => {
    const b = browser(t.app)
    const res = await b.post('/api/v1/auth/login', { email: 'ADA@example.com', password: ADMIN.password })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ email: ADMIN.email, name: ADMIN.name, isOrganizationAdmin: true, features: {} })
    expect(typeof res.body.token).toBe('string')
    expect(res.body.permissions).toContain('chatflows:view')
    expect(res.body.lastLogin).not.toBeNull()
    expect(res.body).not.toHaveProperty('password_hash')
    expect(res.cookies).toHaveProperty('weft_token')
    expect(res.cookies).toHaveProperty('weft_refresh')
    expect((await b.get('/api/v1/user')).body.email).toBe(ADMIN.email)
  })

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const wrong = await browser(t.app).post('/api/v1/auth/login', { email: ADMIN.email, password: 'not the password' })
    const unknown = await browser(t.app).post('/api/v1/auth/login', {
      email: 'nobody@example.com',
      password: 'whatever1',
    })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body.message).toBe('Incorrect email or password')
    expect(unknown.body.message).toBe(wrong.body.message)
    expect(wrong.cookies).not.toHaveProperty('weft_token')
  })

  it('answers 400 naming the field for bad input', async () => {
    const b = browser(t.app)
    const missing = await b.post('/api/v1/auth/login', { email: ADMIN.email })
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(missing.body.message).toContain('body.password')
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    })
    expect(notJson.statusCode).toBe(400)
  })

  it('rotates refresh tokens and refuses an old one, ending that session', async () => {
    const b = browser(t.app)
    const login = await b.post('/api/v1/auth/login', { email: ADMIN.email, password: ADMIN.password })
    const first = login.cookies.weft_refresh
    const refreshed = await b.post('/api/v1/auth/refreshToken')
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.id).toBe(login.body.id)
    const second = refreshed.cookies.weft_refresh
    expect(second).toBeDefined()
    expect(second).not.toBe(first)

    const thief = browser(t.app)
    thief.jar.set('weft_refresh', first!)
    const reuse = await thief.post('/api/v1/auth/refreshToken')
    expect(reuse.status).toBe(401)
    expect(reuse.body.message).toBe('Invalid or Missing token')
    // Reuse of a spent token means it leaked: the session it belonged to is over for everyone.
    expect((await b.post('/api/v1/auth/refreshToken')).status).toBe(401)
    expect((await b.get('/api/v1/user')).status).toBe(401)
  })

  it('refuses a refresh without a token', async () => {
    const res = await browser(t.app).post('/api/v1/auth/refreshToken')
    expect(res.status).toBe(401)
    expect(res.body.message).toBe('Invalid or Missing token')
  })

  it('answers Token Expired with retry for an expired access token, and a refresh repairs it', async () => {
    const b = browser(t.app)
    const login = await b.post('/api/v1/auth/login', { email: ADMIN.email, password: ADMIN.password })
    const claims = JSON.parse(Buffer.from(login.body.token.split('.')[1], 'base64url').toString()) as { sid: string }
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(login.body.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(loadKeys(t.config.home, TEST_SECRET).tokenKey)
    b.jar.set('weft_token', expired)
    const res = await b.get('/api/v1/user')
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ message: 'Token Expired', retry: true })
    expect((await b.post('/api/v1/auth/refreshToken')).status).toBe(200)
    expect((await b.get('/api/v1/user')).status).toBe(200)
  })

  it('refuses a forged token', async () => {
    const b = browser(t.app)
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setExpirationTime('1h')
      .sign(new Uint8Array(32))
    b.jar.set('weft_token', forged)
    const res = await b.get('/api/v1/user')
    expect(res.status).toBe(401)
    expect(res.body.message).toBe('Invalid or Missing token')
  })

  it('logs out: the session ends at once and cookies are cleared', async () => {
    const b = browser(t.app)
    const login = await b.post('/api/v1/auth/login', { email: ADMIN.email, password: ADMIN.password })
    const res = await b.post('/api/v1/account/logout')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'logged_out', redirectTo: '/login' })
    expect(b.jar.has('weft_token')).toBe(false)
    const stale = browser(t.app)
    stale.jar.set('weft_token', login.body.token)
    expect((await stale.get('/api/v1/user')).status).toBe(401)
  })

  it('accepts the access token as a Bearer header', async () => {
    const login = await browser(t.app).post('/api/v1/auth/login', { email: ADMIN.email, password: ADMIN.password })
    const res = await browser(t.app).get('/api/v1/user', { authorization: `Bearer ${login.body.token}` })
    expect(res.status).toBe(200)
  })
})

describe.each(testDialects())('password guessing on $name, behind a proxy trusted blindly', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    // The clock moves only when a test moves it, so waits are exact and nobody sleeps.
    vi.useFakeTimers({ toFake: ['Date'] })
    // The worst case: every X-Forwarded-For is believed, so each try seems to come from elsewhere.
    t = await startTestApp({ dialect, env: { WEFT_TRUST_PROXY: 'true' } })
    await setUpAdmin(t.app)
  })
  afterEach(async () => {
    await t.close()
    vi.useRealTimers()
  })

  let tries = 0
  const signIn = (password: string, email = ADMIN.email) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'x-forwarded-for': `198.51.100.${++tries % 250}` },
      payload: { email, password },
    })
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms)

  it('refuses 60 wrong passwords from rotating addresses with 429 after the fifth, even the right one', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 60; i++) statuses.push((await signIn(`guess-${i}`)).statusCode)
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401))
    expect(statuses.slice(5)).toEqual(Array(55).fill(429))

    // The password is not checked during the wait: the right one is refused too, so guessing stops.
    const right = await signIn(ADMIN.password)
    expect(right.statusCode).toBe(429)
    expect(right.json().message).toBe('Too many wrong passwords for this account. Wait 1 second, then sign in again.')
    expect(right.headers['retry-after']).toBe('1')

    // Refused tries did not lengthen the wait: once it is over, the owner signs in and starts afresh.
    later(1000)
    expect((await signIn(ADMIN.password)).statusCode).toBe(200)
    expect((await signIn('guess-again')).statusCode).toBe(401)
  })

  it('treats unknown addresses alike, so the answer does not tell whether an account exists', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('whatever1', 'nobody@example.com')).statusCode).toBe(401)
    const refused = await signIn('whatever1', 'NOBODY@example.com ')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe('Too many wrong passwords for this account. Wait 1 second, then sign in again.')
    expect((await signIn(ADMIN.password)).statusCode).toBe(200)
  })
})
