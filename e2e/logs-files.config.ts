import { defineConfig } from '@playwright/test'
import base from './playwright.config.js'

// Runs logs-files.spec.ts alone: the spec starts its own server (port WEFT_E2E_LOGS_PORT, 4150 by
// default), so none of the shared edition servers is started, and its traces go to a folder of
// its own, so the screenshots other specs left in test-results/ stay.
export default defineConfig({
  ...base,
  testMatch: 'logs-files.spec.ts',
  outputDir: '../test-results/logs-files-run',
  use: { ...base.use, screenshot: 'only-on-failure' },
  webServer: [],
})
