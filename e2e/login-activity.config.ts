import { defineConfig } from '@playwright/test'
import base from './playwright.config.js'

// Runs login-activity.spec.ts alone: the spec starts its own enterprise server (port
// WEFT_E2E_ACTIVITY_PORT, 4140 by default), so none of the shared edition servers is started.
export default defineConfig({ ...base, testMatch: 'login-activity.spec.ts', webServer: [] })
