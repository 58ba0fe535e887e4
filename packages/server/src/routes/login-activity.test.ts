import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recordLoginActivity } from '../db/repositories/login-activity.repository.js'
import { testDialects } from '../test/dialects.js'
import { ADMIN, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { otherOrganization } from '../test/other-organization.js'
import { builtInRoleId, createRole, signInMember } from '../test/workspace-members.js'

const UA = 'Mozilla/5.0 (X11; Linux x86_64) WeftTest/1.0'

describe.each(testDialects())('Login activity on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  const signIn = (email: string, password: string, remoteAddress = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress,
      headers: { 'user-agent': UA },
      payload: { email, password },
    })
  const list = async (query = '') => {
    const res = await admin.get(`/api/v1/login-activity${query}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body as {
      data: {
        activityCode: string
        username: string
        ip: string | null
        userAgent: string | null
        message: string
        userId: string | null
        attemptedDateTime: string
        id: string
      }[]
      total: number
      page: number
      limit: number
    }
  }

  it('records every kind of sign-in attempt with the address and user agent, newest first', async () => {
    expect((await signIn(ADMIN.email, ADMIN.password)).statusCode).toBe(200)
    expect((await signIn(ADMIN.email, 'not the password')).statusCode).toBe(401)
    expect((await signIn('nobody@example.com', 'whatever')).statusCode).toBe(401)
    const disabled = await signInMember(t, admin, await builtInRoleId(t, 'member'))
    const me = (await disabled.get('/api/v1/user')).body
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', me.id).execute()
    expect((await signIn(me.email, 'member-password')).statusCode).toBe(401)
    // The backoff: after five wrong passwords the account waits, and the refusal is recorded too.
    for (let i = 0; i < 5; i++) await signIn('carl@example.com', 'wrong')
    expect((await signIn('carl@example.com', 'wrong')).statusCode).toBe(429)
    expect((await admin.post('/api/v1/account/logout')).status).toBe(200)

    expect((await admin.post('/api/v1/auth/login', { email: ADMIN.email, password: ADMIN.password })).status).toBe(200)
    const { data } = await list('?limit=100')
    const kinds = data.map((r) => r.activityCode)
    for (const kind of ['login', 'wrong_password', 'unknown_email', 'account_disabled', 'locked', 'logout', 'setup']) {
      expect(kinds, kind).toContain(kind)
    }
    const wrong = data.find((r) => r.activityCode === 'wrong_password')!
    expect(wrong).toMatchObject({ username: ADMIN.email, ip: '203.0.113.7', userAgent: UA, message: 'Wrong password' })
    expect(data.find((r) => r.username === 'nobody@example.com')).toMatchObject({
      activityCode: 'unknown_email',
      userId: null,
    })
    expect(data.find((r) => r.activityCode === 'locked')!.message).toMatch(/Too many wrong passwords/)
    const times = data.map((r) => r.attemptedDateTime)
    expect([...times].sort().reverse()).toEqual(times)
  })

  it('filters by kind, user and date range, and pages', async () => {
    for (let i = 0; i < 3; i++) await signIn(ADMIN.email, `wrong ${i}`)
    await signIn(ADMIN.email, ADMIN.password)
    await recordLoginActivity(t.db, {
      userId: null,
      email: 'sso.person@example.com',
      kind: 'sso_failed',
      message: 'SSO (Test IdP): refused',
      ip: '198.51.100.1',
      userAgent: UA,
    })

    const wrong = await list('?activityCode=wrong_password')
    expect(wrong.total).toBe(3)
    expect(wrong.data.every((r) => r.activityCode === 'wrong_password')).toBe(true)
    const two = await list('?activityCode=wrong_password,sso_failed')
    expect(two.total).toBe(4)
    const sso = await list('?user=SSO.PERSON')
    expect(sso.data.map((r) => r.activityCode)).toEqual(['sso_failed'])
    const page1 = await list('?limit=2&page=1')
    const page2 = await list('?limit=2&page=2')
    expect(page1).toMatchObject({ page: 1, limit: 2 })
    expect(page1.data).toHaveLength(2)
    expect(page2.total).toBe(page1.total)
    expect(page2.data[0]!.id).not.toBe(page1.data[0]!.id)
    const today = new Date().toISOString().slice(0, 10)
    expect((await list(`?startDate=${today}&endDate=${today}`)).total).toBe(page1.total)
    expect((await list('?endDate=2020-01-01')).total).toBe(0)
    expect((await list('?startDate=2999-01-01')).total).toBe(0)

    const bad = await admin.get('/api/v1/login-activity?activityCode=hacked')
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('activityCode')
    const backwards = await admin.get('/api/v1/login-activity?startDate=2026-02-02&endDate=2026-01-01')
    expect(backwards.status).toBe(400)
    expect(backwards.body.message).toContain('endDate')
    expect((await admin.get('/api/v1/login-activity?startDate=yesterday')).status).toBe(400)
  })

  it('exports CSV with a header row and quoted fields', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'user-agent': 'Agent, with "quotes"' },
      payload: { email: ADMIN.email, password: 'nope' },
    })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/login-activity?format=csv&activityCode=wrong_password',
      cookies: Object.fromEntries(admin.jar),
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="weft-login-activity-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    const lines = res.body.trim().split('\r\n')
    expect(lines[0]).toBe('Time,User,E-mail,Kind,Message,Address,User agent')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`${ADMIN.email},Wrong password,Wrong password,127.0.0.1,"Agent, with ""quotes"""`)
  })

  it("never shows another organization's activity, and deletes only its own rows", async () => {
    const other = await otherOrganization(t)
    await signIn(other.email, 'wrong password')
    await signIn(ADMIN.email, 'wrong password')
    const mine = await list('?activityCode=wrong_password')
    expect(mine.data.map((r) => r.username)).toEqual([ADMIN.email])
    const theirs = await other.browser.get('/api/v1/login-activity?activityCode=wrong_password')
    expect(theirs.status).toBe(200)
    expect(theirs.body.data.map((r: { username: string }) => r.username)).toEqual([other.email])
    // Two organizations: an address no account has belongs to neither.
    await signIn('stranger@example.com', 'x')
    expect((await list('?user=stranger')).total).toBe(0)

    const foreignRow = theirs.body.data[0].id as string
    const del = await admin.post('/api/v1/login-activity/delete', { selected: [foreignRow, mine.data[0]!.id] })
    expect(del.status).toBe(200)
    expect(del.body).toEqual({ deleted: 1 })
    expect((await list('?activityCode=wrong_password')).total).toBe(0)
    expect((await other.browser.get('/api/v1/login-activity?activityCode=wrong_password')).body.total).toBe(1)
    const empty = await admin.post('/api/v1/login-activity/delete', { selected: [] })
    expect(empty.status).toBe(400)
    expect(JSON.stringify(empty.body)).toContain('selected')
  })

  it('refuses a member without loginActivity:view', async () => {
    const member = await signInMember(t, admin, await builtInRoleId(t, 'member'))
    expect((await member.get('/api/v1/login-activity')).status).toBe(403)
    expect((await member.post('/api/v1/login-activity/delete', { selected: [] })).status).toBe(403)
    const auditor = await signInMember(t, admin, await createRole(t, admin, ['loginActivity:view']))
    expect((await auditor.get('/api/v1/login-activity')).status).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/login-activity' })).statusCode).toBe(401)
  })
})
