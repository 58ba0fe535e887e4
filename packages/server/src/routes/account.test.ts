import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { ADMIN, browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { startMailbox, tokenFromMail, type Mailbox } from '../test/mailbox.js'
import { builtInRoleId, createRole, signInMember } from '../test/workspace-members.js'

let mailbox: Mailbox
beforeAll(async () => {
  mailbox = await startMailbox()
})
afterAll(() => mailbox.close())

const smtpEnv = () => ({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mailbox.port), SENDER_EMAIL: 'weft@example.com' })

describe.each(testDialects())('account life cycle on $name', (dialect) => {
  describe('cloud sign-up', () => {
    let t: TestApp
    beforeEach(async () => {
      t = await startTestApp({
        dialect,
        env: { ...smtpEnv(), PLATFORM_TYPE: 'cloud', WEFT_PUBLIC_URL: 'https://weft.example.com' },
      })
    })
    afterEach(() => t.close())

    it('registers, mails a verification link, verifies once, then signs in', async () => {
      const b = browser(t.app)
      const user = { name: 'Bea', email: 'bea@example.com', password: 'bea-password-1' }
      const res = await b.post('/api/v1/account/register', user)
      expect(res.status).toBe(200)
      expect(res.body.message).toBe('Check your email: we sent you a link to verify your account.')

      const blocked = await b.post('/api/v1/auth/login', user)
      expect(blocked.status).toBe(401)
      expect(blocked.body.message).toBe('Please verify your email before signing in')

      const mail = await mailbox.next()
      expect(mail.to).toEqual(['bea@example.com'])
      expect(mail.text).toContain('https://weft.example.com/verify?token=')
      const token = tokenFromMail(mail, '/verify')
      expect((await b.post('/api/v1/account/verify', { token })).status).toBe(200)
      const reused = await b.post('/api/v1/account/verify', { token })
      expect(reused.status).toBe(400)
      expect(reused.body.message).toBe('This link is invalid or has expired')

      const login = await b.post('/api/v1/auth/login', user)
      expect(login.status).toBe(200)
      expect(login.body).toMatchObject({ isOrganizationAdmin: true, features: { 'feat:account': true } })
    })

    it('refuses a taken email and bad fields without writing anything', async () => {
      const b = browser(t.app)
      const user = { name: 'Bea', email: 'bea@example.com', password: 'bea-password-1' }
      expect((await b.post('/api/v1/account/register', user)).status).toBe(200)
      await mailbox.next()
      const taken = await b.post('/api/v1/account/register', { ...user, name: 'Other' })
      expect(taken.status).toBe(409)
      expect(taken.body.message).toBe('An account with this email already exists')
      const noName = await b.post('/api/v1/account/register', { email: 'c@example.com', password: 'long-enough' })
      expect(noName.status).toBe(400)
      expect(noName.body.message).toContain('body.name')
      expect(mailbox.unread()).toBe(0)
    })

    it('resends verification only to unverified accounts', async () => {
      const b = browser(t.app)
      await b.post('/api/v1/account/register', { name: 'Bea', email: 'bea@example.com', password: 'bea-password-1' })
      const first = tokenFromMail(await mailbox.next(), '/verify')
      const res = await b.post('/api/v1/account/resend-verification', { email: 'bea@example.com' })
      expect(res.status).toBe(200)
      const second = tokenFromMail(await mailbox.next(), '/verify')
      expect((await b.post('/api/v1/account/verify', { token: first })).status).toBe(400)
      expect((await b.post('/api/v1/account/verify', { token: second })).status).toBe(200)
      const unknown = await b.post('/api/v1/account/resend-verification', { email: 'nobody@example.com' })
      expect(unknown.body.message).toBe(res.body.message)
    })
  })

  describe('behind a proxy trusted blindly', () => {
    let t: TestApp
    beforeEach(async () => {
      vi.useFakeTimers({ toFake: ['Date'] }) // the hour does not pass while the test runs, however slow
      // The worst case: every X-Forwarded-For is believed, so each call seems to come from elsewhere.
      t = await startTestApp({ dialect, env: { ...smtpEnv(), PLATFORM_TYPE: 'enterprise', WEFT_TRUST_PROXY: 'true' } })
      await setUpAdmin(t.app)
    })
    afterEach(async () => {
      await t.close()
      vi.useRealTimers()
    })

    const forgot = (email: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/account/forgot-password',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email },
      })

    it('sends one address three mails an hour at most, whoever asks, and answers unknown addresses alike', async () => {
      const statuses: number[] = []
      for (let i = 0; i < 10; i++) statuses.push((await forgot(i % 2 ? ADMIN.email : 'ADA@example.com', i)).statusCode)
      const mails = mailbox.unread()
      for (let i = 0; i < mails; i++) expect((await mailbox.next()).to).toEqual([ADMIN.email])
      expect(mails).toBe(3)
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429])
      const refused = await forgot(ADMIN.email, 11)
      expect(refused.json().message).toBe('Too many emails were asked for this address. Try again in 60 minutes.')
      expect(refused.headers['retry-after']).toBe('3600')

      const ghost = [] as number[]
      for (let i = 0; i < 4; i++) ghost.push((await forgot('ghost@example.com', i)).statusCode)
      expect(ghost).toEqual([200, 200, 200, 429])
    })
  })

  describe('self-hosted', () => {
    let t: TestApp
    let admin: Browser
    beforeEach(async () => {
      t = await startTestApp({ dialect, env: { ...smtpEnv(), PLATFORM_TYPE: 'enterprise' } })
      admin = await setUpAdmin(t.app)
    })
    afterEach(() => t.close())

    it('refuses open registration', async () => {
      const res = await browser(t.app).post('/api/v1/account/register', {
        name: 'Eve',
        email: 'eve@example.com',
        password: 'eve-password',
      })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/invitation only/)
    })

    it('resets a forgotten password with a single-use link and ends old sessions', async () => {
      const b = browser(t.app)
      await b.post('/api/v1/auth/login', ADMIN)
      const res = await b.post('/api/v1/account/forgot-password', { email: ADMIN.email })
      expect(res.status).toBe(200)
      const mail = await mailbox.next()
      expect(mail.subject).toBe('Reset your Weft password')
      const token = tokenFromMail(mail, '/reset-password')

      const weak = await b.post('/api/v1/account/reset-password', { token, password: 'short' })
      expect(weak.status).toBe(400)
      expect(weak.body.message).toBe('body.password: must be at least 8 characters')

      expect((await b.post('/api/v1/account/reset-password', { token, password: 'a-new-password' })).status).toBe(200)
      expect((await b.post('/api/v1/account/reset-password', { token, password: 'another-one-1' })).status).toBe(400)
      expect((await b.get('/api/v1/user')).status).toBe(401)
      expect((await browser(t.app).post('/api/v1/auth/login', ADMIN)).status).toBe(401)
      expect(
        (await browser(t.app).post('/api/v1/auth/login', { email: ADMIN.email, password: 'a-new-password' })).status,
      ).toBe(200)
    })

    it('answers forgot-password the same for unknown addresses and sends nothing', async () => {
      const res = await browser(t.app).post('/api/v1/account/forgot-password', { email: 'ghost@example.com' })
      expect(res.status).toBe(200)
      expect(res.body.message).toBe('If this email has an account, a link to reset the password is on its way.')
      expect(mailbox.unread()).toBe(0)
    })

    it('refuses an unknown reset token', async () => {
      const res = await browser(t.app).post('/api/v1/account/reset-password', {
        token: 'made-up',
        password: 'a-new-password',
      })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('This link is invalid or has expired')
    })

    it('invites a member who registers through the link and is refused what the role lacks', async () => {
      const invited = await admin.post('/api/v1/account/invite', { email: 'vic@example.com' })
      expect(invited.status).toBe(200)
      const token = tokenFromMail(await mailbox.next(), '/register')
      const vic = browser(t.app)
      const reg = await vic.post('/api/v1/account/register', {
        name: 'Vic',
        email: 'vic@example.com',
        password: 'vic-password',
        token,
      })
      expect(reg.status).toBe(200)
      const login = await vic.post('/api/v1/auth/login', { email: 'vic@example.com', password: 'vic-password' })
      expect(login.status).toBe(200)
      expect(login.body).toMatchObject({ isOrganizationAdmin: false, role: 'member' })
      expect(login.body.permissions).not.toContain('users:manage')
      expect(login.body.features).toMatchObject({ 'feat:users': true })

      const refused = await vic.post('/api/v1/account/invite', { email: 'mallory@example.com' })
      expect(refused.status).toBe(403)
      expect(mailbox.unread()).toBe(0)
      expect((await vic.get('/api/v1/user')).status).toBe(200)
    })

    it('names a bad invite field and refuses inviting an existing account', async () => {
      expect((await admin.post('/api/v1/account/invite', { email: 'nope' })).body.message).toBe(
        'body.email: must be an email address',
      )
      const dup = await admin.post('/api/v1/account/invite', { email: ADMIN.email })
      expect(dup.status).toBe(409)
    })
  })

  describe('open source', () => {
    let t: TestApp
    let admin: Browser
    beforeEach(async () => {
      t = await startTestApp({ dialect, env: { ...smtpEnv(), PLATFORM_TYPE: 'open source' } })
      admin = await setUpAdmin(t.app)
    })
    afterEach(() => t.close())

    const invitedRows = () => t.db.selectFrom('users').select('email').where('status', '=', 'invited').execute()

    it('keeps inviting to the organization’s admins: a member is refused 403 and nothing is sent or stored', async () => {
      const member = await signInMember(t, admin, await builtInRoleId(t, 'member'))
      // Every permission passes on open source, so the screens show the control; the server still refuses.
      expect((await member.get('/api/v1/user')).body.isOrganizationAdmin).toBe(false)
      const refused = await member.post('/api/v1/account/invite', { email: 'mallory@example.com' })
      expect(refused.status).toBe(403)
      expect(refused.body.message).toBe('Only the organization’s admins may manage users, roles and access')
      const asAdminRole = await member.post('/api/v1/account/invite', {
        email: 'mallory@example.com',
        roleId: await createRole(t, admin, ['users:manage']),
      })
      expect(asAdminRole.status).toBe(403)
      expect(await invitedRows()).toEqual([])
      expect(mailbox.unread()).toBe(0)

      const invited = await admin.post('/api/v1/account/invite', { email: 'vic@example.com' })
      expect(invited.status).toBe(200)
      expect((await mailbox.next()).to).toEqual(['vic@example.com'])
      expect(await invitedRows()).toEqual([{ email: 'vic@example.com' }])
    })
  })
})
