import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { AccountLinkRefused, accountLinkFor } from './services/manual-account-link.service.js'
import { childEnvironment, dropTestSchema, testDialects, testSchemaName, type TestDialect } from './test/dialects.js'
import { ADMIN, browser, setUpAdmin, startTestApp, type Browser, type TestApp } from './test/harness.js'

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? ''

describe.each(testDialects())('account links for an administrator without a mail server, on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({
      dialect,
      env: { PLATFORM_TYPE: 'enterprise', WEFT_PUBLIC_URL: 'https://weft.example.com' },
    })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  const linkFor = (email: string) => accountLinkFor({ db: t.db, config: t.config }, email)

  it('gives an active account a password reset link that works once', async () => {
    const { purpose, link } = await linkFor(ADMIN.email.toUpperCase())
    expect(purpose).toBe('reset')
    expect(link).toMatch(/^https:\/\/weft\.example\.com\/reset-password\?token=/)
    const reset = { token: tokenOf(link), password: 'a-new-password' }
    expect((await browser(t.app).post('/api/v1/account/reset-password', reset)).status).toBe(200)
    expect((await browser(t.app).post('/api/v1/account/reset-password', reset)).status).toBe(400)
    expect(
      (await browser(t.app).post('/api/v1/auth/login', { email: ADMIN.email, password: 'a-new-password' })).status,
    ).toBe(200)
  })

  it('gives an invited account a fresh invitation link to register with', async () => {
    expect((await admin.post('/api/v1/account/invite', { email: 'vic@example.com' })).status).toBe(200)
    const { purpose, link } = await linkFor('vic@example.com')
    expect(purpose).toBe('invite')
    expect(link).toMatch(/\/register\?token=/)
    const registration = { name: 'Vic', email: 'vic@example.com', password: 'vic-password', token: tokenOf(link) }
    expect((await browser(t.app).post('/api/v1/account/register', registration)).status).toBe(200)
  })

  it('refuses an address without an account, in a sentence', async () => {
    await expect(linkFor('ghost@example.com')).rejects.toThrow(
      new AccountLinkRefused('No account has the email ghost@example.com.'),
    )
  })
})

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
const run = promisify(execFile)

describe.each(testDialects())(
  'npm run weft -- reset-link (the compiled command, as an administrator runs it), on $name',
  (dialect: TestDialect) => {
    let home: string
    let schema: string | undefined
    beforeEach(() => {
      home = mkdtempSync(join(tmpdir(), 'weft-cli-'))
      schema = dialect.url ? testSchemaName() : undefined
    })
    afterEach(async () => {
      rmSync(home, { recursive: true, force: true })
      if (dialect.url && schema) await dropTestSchema(dialect.url, schema)
    })

    it('prints a working reset link for the headless admin, and exits 1 for an unknown address', async () => {
      const env = {
        WEFT_HOME: home,
        WEFT_ADMIN_EMAIL: ADMIN.email,
        WEFT_ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'silent',
        ...(dialect.url && schema ? { DATABASE_URL: dialect.url, WEFT_DATABASE_SCHEMA: schema } : {}),
      }
      const app = await buildApp(loadConfig(env), { logger: false })
      try {
        const parent = childEnvironment()
        const printed = await run(process.execPath, [CLI, 'reset-link', ADMIN.email], { env: { ...parent, ...env } })
        const link = printed.stdout.trim()
        expect(printed.stderr).toContain('Password reset link')
        const reset = await browser(app).post('/api/v1/account/reset-password', {
          token: tokenOf(link),
          password: 'a-new-password',
        })
        expect(reset.status).toBe(200)

        const unknown = await run(process.execPath, [CLI, 'reset-link', 'ghost@example.com'], {
          env: { ...parent, ...env },
        }).catch((error: { code: number; stderr: string }) => error)
        expect(unknown).toMatchObject({ code: 1, stderr: 'No account has the email ghost@example.com.\n' })
      } finally {
        await app.close()
      }
    })
  },
)
