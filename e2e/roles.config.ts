import { defineConfig } from '@playwright/test'
import base from './playwright.config.js'

// Runs roles.spec.ts alone: the spec starts its own enterprise server (port WEFT_E2E_ROLES_PORT,
// 4130 by default), so none of the shared edition servers is started.
export default defineConfig({ ...base, testMatch: 'roles.spec.ts', webServer: [] })
