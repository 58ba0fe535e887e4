import { expect, test } from '@playwright/test'
import { signIn } from './helpers.js'
import { lookAt } from './look-at.js'
import { urlOf } from './servers.js'

// The API key dialog's permission picker, as an owner gives a script's key what it needs, and the
// script then calling the management API with that key from outside the browser.

test('an API key made with chosen permissions lists flows and is refused past them', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await signIn(page, 'openSource')
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
  await page.goto(urlOf('openSource', '/apikey'))
  const open = async () => {
    await page.getByRole('button', { name: 'Create Key' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Create API Key' })
    await dialog.getByLabel('Key name').fill('Reporting script')
    await dialog.getByRole('checkbox', { name: 'Chatflows: View' }).check()
    await dialog.getByRole('checkbox', { name: 'All Executions permissions' }).check()
    await expect(dialog.getByText('2 permissions chosen')).toBeVisible()
    return dialog
  }
  await lookAt(page, 'api-key-permissions', 'dialog', async () => {
    await open()
  })
  const dialog = await open()
  await dialog.getByRole('button', { name: 'Create' }).click()
  const apiKey = (await page.getByLabel('New API key').textContent())!.trim()
  await page.getByRole('button', { name: /done|close/i }).first().click()

  const script = await browser.newContext()
  const headers = { authorization: `Bearer ${apiKey}` }
  expect((await script.request.get(urlOf('openSource', '/api/v1/chatflows'), { headers })).status()).toBe(200)
  expect((await script.request.get(urlOf('openSource', '/api/v1/executions'), { headers })).status()).toBe(200)
  expect((await script.request.get(urlOf('openSource', '/api/v1/credentials'), { headers })).status()).toBe(403)
  expect((await script.request.get(urlOf('openSource', '/api/v1/apikey'), { headers })).status()).toBe(403)
  await script.close()
})
