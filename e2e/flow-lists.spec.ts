import { expect, test } from '@playwright/test'
import { expectPath, signIn } from './helpers.js'
import { urlOf } from './servers.js'

const EMPTY_FLOW = JSON.stringify({ nodes: [], edges: [], viewport: { x: 0, y: 0, zoom: 1 } })

test('renames, duplicates and deletes a chatflow from its list, asking before the delete', async ({ page }) => {
  await signIn(page, 'openSource', '/chatflows')
  await expectPath(page, '/chatflows')
  const created = await page.request.post(urlOf('openSource', '/api/v1/chatflows'), {
    data: { name: 'List flow', type: 'CHATFLOW', flowData: EMPTY_FLOW },
  })
  expect(created.ok()).toBe(true)
  await page.reload()

  await page.getByRole('button', { name: 'Flow actions for List flow' }).click()
  await page.getByRole('menuitem', { name: 'Rename' }).click()
  const rename = page.getByRole('dialog')
  await rename.getByLabel('Name').fill('   ')
  await rename.getByRole('button', { name: 'Rename' }).click()
  await expect(rename).toBeVisible()
  await rename.getByLabel('Name').fill('Renamed flow')
  await rename.getByRole('button', { name: 'Rename' }).click()
  await expect(page.getByText('Renamed flow', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Flow actions for Renamed flow' }).click()
  await page.getByRole('menuitem', { name: 'Duplicate' }).click()
  await expect(page.getByText('Renamed flow (copy)', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Flow actions for Renamed flow (copy)' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog')
  await expect(confirm).toContainText('Delete chatflow Renamed flow (copy)?')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText('Renamed flow (copy)', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Flow actions for Renamed flow (copy)' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Renamed flow (copy)', { exact: true })).toHaveCount(0)
  await page.reload()
  await expect(page.getByText('Renamed flow', { exact: true })).toBeVisible()
  await expect(page.getByText('Renamed flow (copy)', { exact: true })).toHaveCount(0)
})
