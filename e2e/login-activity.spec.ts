import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { lookAt } from './look-at.js'

// Login activity and the audit log in a real browser, on a server of this test's own (built, in a
// child process, enterprise, its own data folder and port): failed and successful sign-ins listed
// with their kind, filtered by kind, the CSV downloaded; the Audit log tab of /logs showing a
// variable created, changed and deleted. Screenshots in test-results/login-activity/.

const PORT = Number(process.env.WEFT_E2E_ACTIVITY_PORT ?? 4140)
const BASE = `http://127.0.0.1:${PORT}`
const ADMIN = { email: 'activity-admin@example.com', password: 'correct horse battery' }
const url = (path: string) => `${BASE}${path}`

let home: string
let child: ChildProcess | undefined

test.beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'weft-e2e-activity-'))
  child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      WEFT_HOME: home,
      PLATFORM_TYPE: 'enterprise',
      WEFT_ADMIN_EMAIL: ADMIN.email,
      WEFT_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(url('/api/v1/ping'))).ok) break
    } catch {
      if (attempt > 300) throw new Error('The server did not start')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
})

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM')
    await once(child, 'exit')
  }
  rmSync(home, { recursive: true, force: true })
})

async function signIn(page: Page, password = ADMIN.password) {
  await page.goto(url('/login'))
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: /sign in/i }).click()
}

test('login activity lists every attempt, filters and exports; the audit log shows who changed what', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await signIn(page, 'not the password')
  await expect(page.getByText('Incorrect email or password')).toBeVisible()
  await fetch(url('/api/v1/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'curl/8.5.0' },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'guess' }),
  })
  await signIn(page)
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))

  await page.goto(url('/login-activity'))
  await expect(page.getByRole('heading', { name: 'Login Activity' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Login activity' })
  await expect(table.getByText('Wrong password', { exact: true }).first()).toBeVisible()
  await expect(table.getByText('Unknown e-mail')).toBeVisible()
  await expect(table.getByText('Signed in', { exact: true }).first()).toBeVisible()
  await lookAt(page, 'login-activity', 'list', async () => {
    await expect(page.getByRole('table', { name: 'Login activity' })).toBeVisible()
  })

  await page.getByRole('combobox', { name: 'Kind' }).click()
  await page.getByRole('option', { name: 'Wrong password' }).click()
  await expect(page.getByText('1–1 of 1, newest first')).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^weft-login-activity-\d{4}-\d{2}-\d{2}\.csv$/)

  await page.getByRole('searchbox', { name: 'User' }).fill('nobody-at-all')
  await expect(page.getByText('No sign-ins match')).toBeVisible()
  await lookAt(page, 'login-activity', 'no-match', async () => {
    await page.getByRole('searchbox', { name: 'User' }).fill('nobody-at-all')
    await expect(page.getByText('No sign-ins match')).toBeVisible()
  })

  // Changes through the API the page's session holds: a variable made, changed and deleted.
  const made = await page.request.post(url('/api/v1/variables'), {
    data: { name: 'region', value: 'eu-west-1', type: 'static' },
  })
  expect(made.status()).toBe(201)
  const id = (await made.json()).id as string
  expect((await page.request.put(url(`/api/v1/variables/${id}`), { data: { name: 'region2' } })).status()).toBe(200)
  expect((await page.request.delete(url(`/api/v1/variables/${id}`))).status()).toBe(200)

  await page.goto(url('/logs?tab=audit'))
  const audit = page.getByRole('table', { name: 'Audit log' })
  await expect(audit.getByText('Variable “region”')).toBeVisible()
  await expect(audit.getByText('Deleted').last()).toBeVisible()
  await lookAt(page, 'login-activity', 'audit-log', async () => {
    await expect(page.getByRole('table', { name: 'Audit log' })).toBeVisible()
  })
})
