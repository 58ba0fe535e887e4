import { defineConfig } from '@playwright/test'
import base from './playwright.config.js'

// Runs workspaces.spec.ts alone: the spec starts its own enterprise server (port
// WEFT_E2E_WORKSPACES_PORT, 4110 by default), so none of the shared edition servers is started.
// Its own output folder, so a run does not empty the others' screenshots.
export default defineConfig({
  ...base,
  testMatch: 'workspaces.spec.ts',
  outputDir: '../test-results/workspaces-run',
  webServer: [],
})
