import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { childServer, type ChildServer } from '../packages/server/src/test/child-server.js'
import { lookAt } from './look-at.js'

// The enterprise edition's Logs and Files screens on a server of this test's own (built, in a
// child process, on its own data folder and a free port): the server's log of the day as it writes it,
// a day before with warnings and errors, filters; then the files uploaded to a document store,
// where each is used, the total, a download, a refused and an accepted delete. Screenshots land in
// test-results/logs/ and test-results/files/ for a person to look at.

const ADMIN = { email: 'ops@example.com', password: 'correct horse battery' }
const url = (path: string) => `${weft.base}${path}`

let weft: ChildServer

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)

test.beforeAll(async () => {
  weft = await childServer(
    'e2e-logs',
    { DATABASE_URL: '', PLATFORM_TYPE: 'enterprise', LOG_LEVEL: 'info' },
    { admin: ADMIN },
  )
  const { home } = weft
  // Yesterday's file, as the server wrote it then: requests, a warning, an error.
  mkdirSync(join(home, 'logs'), { recursive: true })
  const start = Date.parse(`${yesterday()}T14:00:00Z`)
  const lines = [
    { level: 30, time: start, msg: 'Weft is ready on http://localhost:3000   (SQLite, enterprise edition)' },
    {
      level: 30,
      time: start + 1000,
      reqId: 'req-1',
      req: { method: 'GET', url: '/api/v1/chatflows' },
      msg: 'incoming request',
    },
    {
      level: 30,
      time: start + 1012,
      reqId: 'req-1',
      res: { statusCode: 200 },
      responseTime: 11.8,
      msg: 'request completed',
    },
    {
      level: 40,
      time: start + 60_000,
      msg: '1 answer(s) were cut short when a server stopped; their chats now say so',
    },
    {
      level: 50,
      time: start + 120_000,
      reqId: 'req-2',
      err: { type: 'TypeError', message: "Cannot read properties of undefined (reading 'nodes')" },
      msg: 'Unexpected error',
    },
  ]
  writeFileSync(
    join(home, 'logs', `weft-${yesterday()}.log`),
    lines.map((line) => `${JSON.stringify(line)}\n`).join(''),
  )
  await weft.start()
})

test.afterAll(async () => {
  await weft?.close()
})

async function signIn(page: Page, path: string) {
  await page.goto(url('/login'))
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: /sign in/i }).click()
  await page.waitForURL((where) => !where.pathname.startsWith('/login'))
  await page.goto(url(path))
}

test('an admin reads the server’s log by day, level and text', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, '/logs')
  await expect(page.getByRole('tab', { name: 'Server logs' })).toHaveAttribute('aria-selected', 'true')
  const table = page.getByRole('table', { name: 'Log entries' })
  // Today's file is the server's own log, written as it runs: the sign-in request is in it.
  const search = page.getByRole('searchbox', { name: 'Search log entries' })
  await search.fill('auth/login')
  await expect(
    table
      .getByText(/POST \/api\/v1\/auth\/login → 200/)
      .filter({ visible: true })
      .first(),
  ).toBeVisible()
  await search.fill('')
  await lookAt(page, 'logs', 'today', async () => {
    await expect(page.getByRole('table', { name: 'Log entries' })).toBeVisible()
  })

  await page.getByRole('combobox', { name: 'Day' }).click()
  await page.getByRole('option').last().click()
  await expect(table.getByText('TypeError: Cannot read properties of undefined')).toBeVisible()
  await expect(table.getByText('GET /api/v1/chatflows → 200 · 11.8 ms').filter({ visible: true }).first()).toBeVisible()
  await lookAt(page, 'logs', 'yesterday', async () => {
    await page.getByRole('combobox', { name: 'Day' }).click()
    await page.getByRole('option').last().click()
    // The menu fades out before it leaves: the screenshot waits for it to be gone.
    await expect(page.locator('.MuiMenu-root')).toHaveCount(0)
    await expect(page.getByText('Unexpected error')).toBeVisible()
  })

  // lookAt reloads: back to yesterday.
  await page.getByRole('combobox', { name: 'Day' }).click()
  await page.getByRole('option').last().click()
  await page.getByRole('combobox', { name: 'Level' }).click()
  await page.getByRole('option', { name: 'Warn' }).click()
  await expect(table.getByRole('row')).toHaveCount(2)
  await page.getByRole('searchbox', { name: 'Search log entries' }).fill('no such words')
  await expect(page.getByText('No log entries match')).toBeVisible()
  await page.screenshot({ path: 'test-results/logs/no-match-light-wide.png' })

  await page.getByRole('tab', { name: 'Audit log' }).click()
  await expect(page).toHaveURL(/tab=audit/)
})

test('an admin sees the workspace’s files, where each is used, downloads one and deletes what is free', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signIn(page, '/document-stores')
  const store = await page.request.post(url('/api/v1/document-store/store'), {
    data: { name: 'Staff handbook', description: 'Policies' },
  })
  expect(store.status()).toBe(201)
  const storeId = ((await store.json()) as { id: string }).id
  const upload = async (name: string, text: string, mimeType: string) => {
    const res = await page.request.post(url(`/api/v1/document-store/files/${storeId}`), {
      multipart: { files: { name, mimeType, buffer: Buffer.from(text) } },
    })
    expect(res.status()).toBe(201)
    return ((await res.json()) as { id: string }).id
  }
  const people = await upload('people.csv', 'name,team\nAda,platform\nBea,support\n'.repeat(200), 'text/csv')
  await upload('refund-policy-notes.txt', 'Refund policy: 30 days.\n'.repeat(40), 'text/plain')
  const saved = await page.request.post(url('/api/v1/document-store/loader/save'), {
    data: { storeId, loaderId: 'csvFile', loaderConfig: { files: [people] } },
  })
  expect(saved.status()).toBe(200)

  await page.goto(url('/files'))
  const table = page.getByRole('table', { name: 'Files' })
  await expect(table.getByRole('row')).toHaveCount(3)
  await expect(page.getByText(/^Total storage: /)).toBeVisible()
  const csvRow = table.getByRole('row', { name: /people\.csv/ })
  await expect(csvRow).toContainText('Csv File')
  await lookAt(page, 'files', 'list', async () => {
    await expect(page.getByRole('table', { name: 'Files' })).toBeVisible()
  })

  const download = page.waitForEvent('download')
  await csvRow.getByRole('link', { name: 'Download people.csv' }).click()
  expect((await download).suggestedFilename()).toBe('people.csv')

  await csvRow.getByRole('button', { name: 'Delete people.csv' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('people.csv is used by the loader Csv File of the document store Staff handbook')
  await page.screenshot({ path: 'test-results/files/delete-in-use-light-wide.png' })
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText(/Failed to delete file: people\.csv is used by the loader Csv File/)).toBeVisible()

  const freeRow = table.getByRole('row', { name: /refund-policy-notes\.txt/ })
  await freeRow.getByRole('button', { name: 'Delete refund-policy-notes.txt' }).click()
  await expect(dialog).toContainText('no loader reads it')
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('refund-policy-notes.txt deleted')).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(2)
})
