import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { ADMIN, browser, startTestApp, type TestApp } from '../test/harness.js'

describe.each(testDialects())('first-run organization setup on $name', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await startTestApp({ dialect })
  })
  afterEach(() => t.close())

  it('is required on a fresh install, signs the admin in, and then closes', async () => {
    const b = browser(t.app)
    expect((await b.get('/api/v1/organization-setup')).body).toEqual({ required: true })
    const res = await b.post('/api/v1/organization-setup', ADMIN)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      email: ADMIN.email,
      isOrganizationAdmin: true,
      role: 'owner',
      activeWorkspace: 'Default Workspace',
    })
    expect(res.body.assignedWorkspaces).toHaveLength(1)
    expect((await b.get('/api/v1/user')).status).toBe(200)
    expect((await b.get('/api/v1/organization-setup')).body).toEqual({ required: false })

    const again = await browser(t.app).post('/api/v1/organization-setup', { ...ADMIN, email: 'eve@example.com' })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe('This install is already set up. Sign in instead.')
    expect(
      (await browser(t.app).post('/api/v1/auth/login', { email: 'eve@example.com', password: ADMIN.password })).status,
    ).toBe(401)
  })

  it('names the bad field and creates nothing', async () => {
    const b = browser(t.app)
    const res = await b.post('/api/v1/organization-setup', { ...ADMIN, email: 'not-an-email' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('body.email: must be an email address')
    const short = await b.post('/api/v1/organization-setup', { ...ADMIN, password: 'short' })
    expect(short.body.message).toBe('body.password: must be at least 8 characters')
    expect((await b.get('/api/v1/organization-setup')).body).toEqual({ required: true })
  })
})

describe.each(testDialects())('admin from the environment on $name', (dialect) => {
  it('creates the first admin on a fresh database for headless installs', async () => {
    const t = await startTestApp({
      dialect,
      env: { WEFT_ADMIN_EMAIL: 'ops@example.com', WEFT_ADMIN_PASSWORD: 'from-the-env-1' },
    })
    try {
      expect((await browser(t.app).get('/api/v1/organization-setup')).body).toEqual({ required: false })
      const res = await browser(t.app).post('/api/v1/auth/login', {
        email: 'ops@example.com',
        password: 'from-the-env-1',
      })
      expect(res.status).toBe(200)
      expect(res.body.isOrganizationAdmin).toBe(true)
      expect(res.body.name).toBe('Admin')
    } finally {
      await t.close()
    }
  })

  it('names the admin from WEFT_ADMIN_NAME', async () => {
    const t = await startTestApp({
      dialect,
      env: { WEFT_ADMIN_EMAIL: 'ops@example.com', WEFT_ADMIN_PASSWORD: 'from-the-env-1', WEFT_ADMIN_NAME: 'Grace Ops' },
    })
    try {
      const b = browser(t.app)
      const login = await b.post('/api/v1/auth/login', { email: 'ops@example.com', password: 'from-the-env-1' })
      expect(login.body.name).toBe('Grace Ops')
      expect((await b.get('/api/v1/user')).body.name).toBe('Grace Ops')
    } finally {
      await t.close()
    }
  })
})
