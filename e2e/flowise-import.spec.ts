import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { flowiseEncryptionKey, writeFlowiseSqlite } from '../packages/server/src/test/flowise-database.js'
import { flowiseFixture } from '../packages/server/src/test/flowise-fixture.js'
import { signIn } from './helpers.js'

// Import, given a Flowise SQLite database: the dialog asks for its key, then shows the report and
// the page shows the migrated flows.

test('Import takes a Flowise database and its key, shows the report, and the flows are there', async ({ page }) => {
  const folder = mkdtempSync(join(tmpdir(), 'flowise-e2e-'))
  const database = join(folder, 'database.sqlite')
  const key = flowiseEncryptionKey()
  writeFlowiseSqlite(database, flowiseFixture('http://127.0.0.1:9/v1', key).rows)
  try {
    await signIn(page, 'openSource')
    await page.getByRole('button', { name: 'User menu' }).click()
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('menuitem', { name: 'Import' }).click()
    await (await chooser).setFiles(database)
    const dialog = page.getByRole('dialog', { name: 'Import from a Flowise database' })
    await expect(dialog.getByText('database.sqlite')).toBeVisible()
    await dialog.getByLabel('Encryption key').fill(flowiseEncryptionKey())
    await dialog.getByRole('button', { name: 'Import' }).click()
    await expect(dialog.getByText(/The encryption key does not decrypt any of the 1 credentials/)).toBeVisible()
    await dialog.getByLabel('Encryption key').fill(key)
    await dialog.getByRole('button', { name: 'Import' }).click()
    const report = dialog.getByLabel('Import report')
    await expect(report).toContainText(/Chatflows +1 added/)
    await expect(report).toContainText(/Credentials +1 added/)
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByText('Support bot')).toBeVisible()
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
})
