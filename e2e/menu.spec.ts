import { expect, test } from '@playwright/test'
import { expectPath, sideMenu, signIn } from './helpers.js'
import { urlOf } from './servers.js'

const PRIMARY = ['Chatflows', 'Agentflows', 'Executions', 'Assistants', 'Marketplaces', 'Tools', 'Credentials', 'Variables', 'API Keys', 'Document Stores']

test('open source shows only the first menu group, in order', async ({ page }) => {
  await signIn(page, 'openSource')
  const links = sideMenu(page).getByRole('link')
  await expect(links).toHaveText(PRIMARY)
  await expect(sideMenu(page).getByText('User & Workspace Management')).toHaveCount(0)
})

test('enterprise shows every group to the organization admin', async ({ page }) => {
  await signIn(page, 'enterprise')
  const menu = sideMenu(page)
  for (const title of ['Evaluations', 'User & Workspace Management', 'Others']) {
    await expect(menu.getByText(title, { exact: true }).first()).toBeVisible()
  }
  for (const item of ['Datasets', 'Evaluators', 'SSO Config', 'Roles', 'Users', 'Workspaces', 'Login Activity', 'Logs']) {
    await expect(menu.getByRole('link', { name: item })).toBeVisible()
  }
  // Account Settings is a cloud feature: an enterprise licence does not turn it on.
  await expect(menu.getByRole('link', { name: 'Account Settings' })).toHaveCount(0)
  await menu.getByRole('link', { name: 'Users' }).click()
  await expectPath(page, '/users')
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible()
})

test('a flagged route sends an open-source user to /unauthorized', async ({ page }) => {
  await signIn(page, 'openSource')
  await expectPath(page, '/chatflows')
  await page.goto(urlOf('openSource', '/datasets'))
  await expectPath(page, '/unauthorized')
})

test('the menu closes below the large breakpoint and the toggle opens it', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 })
  await signIn(page, 'openSource')
  await expectPath(page, '/chatflows')
  await expect(sideMenu(page)).toBeHidden()
  await page.getByRole('button', { name: 'Toggle menu' }).click()
  await expect(sideMenu(page).getByRole('link', { name: 'Credentials' })).toBeVisible()
})
