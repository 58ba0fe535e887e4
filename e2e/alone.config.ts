import { defineConfig } from '@playwright/test'
import base from './playwright.config.js'

// Runs one spec that starts a server of its own (SPEC=enterprise.spec.ts), without the shared
// edition servers, its traces in a folder of their own so other specs' screenshots stay.
export default defineConfig({
  ...base,
  testMatch: process.env.SPEC ?? 'enterprise.spec.ts',
  outputDir: '../test-results/alone-run',
  use: { ...base.use, screenshot: 'only-on-failure' },
  webServer: [],
})
