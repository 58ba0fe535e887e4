import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { dropTestSchema, testDialects, testSchemaName, type TestDialect } from './test/dialects.js'
import { ADMIN, browser, setUpAdmin } from './test/harness.js'

describe.each(testDialects())('restart on $name', (dialect: TestDialect) => {
  it('keeps the account and the generated secret key: the old session still works', async () => {
    const home = mkdtempSync(join(tmpdir(), 'weft-restart-'))
    const schema = dialect.url ? testSchemaName() : undefined
    try {
      const database = dialect.url && schema ? { DATABASE_URL: dialect.url, WEFT_DATABASE_SCHEMA: schema } : {}
      const config = loadConfig({ WEFT_HOME: home, LOG_LEVEL: 'silent', ...database })
      const first = await buildApp(config, { logger: false })
      const b = await setUpAdmin(first)
      await first.close()

      const second = await buildApp(config, { logger: false })
      expect((await browser(second).get('/api/v1/organization-setup')).body).toEqual({ required: false })
      const again = browser(second)
      again.jar.set('weft_token', b.jar.get('weft_token')!)
      expect((await again.get('/api/v1/user')).body.email).toBe(ADMIN.email)
      expect((await browser(second).post('/api/v1/auth/login', ADMIN)).status).toBe(200)
      await second.close()
    } finally {
      rmSync(home, { recursive: true, force: true })
      if (dialect.url && schema) await dropTestSchema(dialect.url, schema)
    }
  })
})
