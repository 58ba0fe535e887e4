import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { expectPath, signIn } from './helpers.js'

const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version

test('the Version dialog shows the running version, and offline the latest release quietly stays unknown', async ({ page }) => {
  await signIn(page, 'openSource')
  await expectPath(page, '/chatflows')
  await page.getByRole('button', { name: 'User menu' }).click()
  await page.getByRole('menuitem', { name: 'Version' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('columnheader', { name: 'Current Version' })).toBeVisible()
  await expect(dialog.getByRole('columnheader', { name: 'Latest Version' })).toBeVisible()
  await expect(dialog.getByRole('columnheader', { name: 'Published At' })).toBeVisible()
  await expect(dialog.getByRole('cell', { name: version, exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})
