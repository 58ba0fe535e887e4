import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { ADMIN, browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { startMailbox, type Mailbox } from '../test/mailbox.js'

let mailbox: Mailbox
beforeAll(async () => {
  mailbox = await startMailbox()
})
afterAll(() => mailbox.close())

describe.each(testDialects())('profile on $name', (dialect) => {
  let t: TestApp
  let b: Browser
  beforeEach(async () => {
    const smtp = { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mailbox.port), SENDER_EMAIL: 'weft@example.com' }
    t = await startTestApp({ dialect, env: { ...smtp, WEFT_PUBLIC_URL: 'https://weft.example.com' } })
    b = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  it('reads and updates name and email', async () => {
    const me = await b.get('/api/v1/user')
    expect(me.body).toMatchObject({ name: ADMIN.name, email: ADMIN.email })
    const res = await b.put('/api/v1/user', {
      name: 'Ada Lovelace',
      email: 'Lovelace@Example.com',
      oldPassword: ADMIN.password,
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ name: 'Ada Lovelace', email: 'lovelace@example.com' })
    expect((await browser(t.app).post('/api/v1/auth/login', { email: 'lovelace@example.com', password: ADMIN.password })).status).toBe(200)
    await mailbox.next()
  })

  it('changes the email only with the current password, and tells the old address', async () => {
    const noPassword = await b.put('/api/v1/user', { email: 'mallory@example.com' })
    expect(noPassword.status).toBe(400)
    expect(noPassword.body.message).toBe('oldPassword: is required to change the email')
    const wrong = await b.put('/api/v1/user', { email: 'mallory@example.com', oldPassword: 'nope' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('oldPassword: the current password is incorrect')
    expect((await b.get('/api/v1/user')).body.email).toBe(ADMIN.email)
    expect(mailbox.unread()).toBe(0)
    // The same address in other letters is no change, and needs no password.
    expect((await b.put('/api/v1/user', { email: ADMIN.email.toUpperCase(), name: 'Ada' })).status).toBe(200)

    const changed = await b.put('/api/v1/user', { email: 'ada.new@example.com', oldPassword: ADMIN.password })
    expect(changed.status).toBe(200)
    expect(changed.body.email).toBe('ada.new@example.com')
    const notice = await mailbox.next()
    expect(notice.to).toEqual([ADMIN.email])
    expect(notice.subject).toBe('The email of your Weft account was changed')
    expect(notice.text).toContain('ada.new@example.com')
    expect(notice.text).toContain('https://weft.example.com/forgot-password')
    expect(mailbox.unread()).toBe(0)
  })

  it('changes the password only with the current one', async () => {
    const noOld = await b.put('/api/v1/user', { newPassword: 'brand-new-pass' })
    expect(noOld.status).toBe(400)
    expect(noOld.body.message).toBe('body.oldPassword: is required to set a new password')
    const wrongOld = await b.put('/api/v1/user', { oldPassword: 'nope', newPassword: 'brand-new-pass' })
    expect(wrongOld.status).toBe(400)
    expect(wrongOld.body.message).toBe('oldPassword: the current password is incorrect')
    expect((await b.put('/api/v1/user', { oldPassword: ADMIN.password, newPassword: 'brand-new-pass' })).status).toBe(200)
    expect((await browser(t.app).post('/api/v1/auth/login', { email: ADMIN.email, password: 'brand-new-pass' })).status).toBe(200)
  })

  it('refuses bad input and another account’s email, changing nothing', async () => {
    expect((await b.put('/api/v1/user', { email: 'not-an-email' })).body.message).toBe('body.email: must be an email address')
    expect((await b.put('/api/v1/user', { name: '   ' })).body.message).toBe('body.name: is required')
    expect((await b.get('/api/v1/user')).body).toMatchObject({ name: ADMIN.name, email: ADMIN.email })
  })

  it('does not show other users by id', async () => {
    expect((await b.get('/api/v1/user?id=00000000-0000-0000-0000-000000000000')).status).toBe(404)
  })

  it('refuses to switch to a workspace the user is not in', async () => {
    const res = await b.post('/api/v1/workspace/switch?id=00000000-0000-0000-0000-000000000000')
    expect(res.status).toBe(404)
    const me = await b.get('/api/v1/user')
    const same = await b.post(`/api/v1/workspace/switch?id=${me.body.activeWorkspaceId}`)
    expect(same.status).toBe(200)
    expect(same.body.activeWorkspace).toBe('Default Workspace')
  })
})
