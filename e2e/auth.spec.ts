import { expect, test } from '@playwright/test'
import { expectPath, signIn, submitSignIn } from './helpers.js'
import { urlOf } from './servers.js'

test('a wrong password shows the server’s message and stays on the login page', async ({ page }) => {
  await page.goto(urlOf('openSource', '/login'))
  await submitSignIn(page, 'not-the-password')
  await expect(page.getByText('Incorrect email or password')).toBeVisible()
  await expectPath(page, '/login')
})

test('log in, then log out from the user menu', async ({ page }) => {
  await signIn(page, 'openSource')
  await expectPath(page, '/chatflows')
  await page.getByRole('button', { name: 'User menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expectPath(page, '/login')
  await page.goto(urlOf('openSource', '/chatflows'))
  await expectPath(page, '/login')
})

test('a signed-out visit goes to /login and comes back to the requested path after login', async ({ page }) => {
  await page.goto(urlOf('openSource', '/variables'))
  await expectPath(page, '/login')
  await submitSignIn(page)
  await expectPath(page, '/variables')
  await expect(page.getByRole('heading', { name: 'Variables' })).toBeVisible()
})

test('/signin is the login page too', async ({ page }) => {
  await signIn(page, 'openSource', '/signin')
  await expectPath(page, '/chatflows')
})
