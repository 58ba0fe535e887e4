import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { ADMIN, browser, setUpAdmin } from './test/harness.js'

describe('restart', () => {
  it('keeps the account and the generated secret key: the old session still works', async () => {
    const home = mkdtempSync(join(tmpdir(), 'weft-restart-'))
    try {
      const config = loadConfig({ WEFT_HOME: home, LOG_LEVEL: 'silent' })
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
    }
  })
})
