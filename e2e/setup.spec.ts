import { expect, test } from '@playwright/test'
import { expectPath } from './helpers.js'
import { urlOf } from './servers.js'

test('a fresh install asks for organization setup at any route, then signs the admin in', async ({ page }) => {
  await page.goto(urlOf('fresh', '/credentials'))
  await expectPath(page, '/organization-setup')
  await page.getByLabel('Name', { exact: true }).fill('Grace Hopper')
  await page.getByLabel('Email').fill('grace@example.com')
  await page.getByLabel('Password', { exact: true }).fill('short')
  await page.getByLabel('Confirm Password').fill('short')
  await page.getByRole('button', { name: /set up/i }).click()
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()

  await page.getByLabel('Password', { exact: true }).fill('grace-password-1')
  await page.getByLabel('Confirm Password').fill('grace-password-1')
  await page.getByRole('button', { name: /set up/i }).click()
  await expectPath(page, '/chatflows')
  await expect(page.getByRole('heading', { name: 'Chatflows' })).toBeVisible()

  await page.reload()
  await expectPath(page, '/chatflows')
  await page.goto(urlOf('fresh', '/organization-setup'))
  await expect(page).not.toHaveURL(/organization-setup/)
})
