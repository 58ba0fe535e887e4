import { defineConfig } from '@playwright/test'
import base from './playwright.config.js'

// Runs users.spec.ts alone: the spec starts its own enterprise server (port WEFT_E2E_USERS_PORT,
// 4120 by default) and a mail server of its own, so none of the shared edition servers is started,
// and its traces go to a folder of its own, so the screenshots other specs left in test-results/ stay.
export default defineConfig({
  ...base,
  testMatch: 'users.spec.ts',
  outputDir: '../test-results/users-run',
  use: { ...base.use, screenshot: 'only-on-failure' },
  webServer: [],
})
