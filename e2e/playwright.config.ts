import { defineConfig } from '@playwright/test'
import { homeOf, SERVERS, type ServerName } from './servers.js'

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '../.reports/playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  // Each edition runs the built server on a fresh data folder, emptied before it starts.
  webServer: (Object.keys(SERVERS) as ServerName[]).map((name) => ({
    command: `rm -rf ${homeOf(name)} && node packages/server/dist/main.js`,
    cwd: '..',
    url: `http://127.0.0.1:${SERVERS[name].port}/api/v1/ping`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: { ...SERVERS[name].env, PORT: String(SERVERS[name].port), WEFT_HOME: homeOf(name), LOG_LEVEL: 'warn' },
  })),
})
