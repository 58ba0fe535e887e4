import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { expectPath, signIn, submitSignIn } from './helpers.js'
import { lookAt } from './look-at.js'
import { ADMIN, urlOf } from './servers.js'

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

test('a page of another site on the same host cannot use the session cookie to change anything', async ({ page }) => {
  await signIn(page, 'openSource')
  await expectPath(page, '/chatflows')
  // Another port of the same host is the same site: the browser sends the SameSite=Lax cookie along.
  const weft = urlOf('openSource')
  const html = `<!doctype html><title>Other site</title><script>
    const form = new FormData(); form.append('files', new Blob(['planted']), 'planted.txt')
    // The answers are unreadable here (no CORS, and CORP same-origin): what counts is what they did.
    Promise.allSettled([
      fetch('${weft}api/v1/account/logout', { method: 'POST', mode: 'no-cors', credentials: 'include' }),
      fetch('${weft}api/v1/account/logout', { method: 'POST', mode: 'no-cors', credentials: 'include', body: form }),
    ]).then(() => { document.title = 'sent' })
  </script>`
  const site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html))
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  try {
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`)
    await expect(page).toHaveTitle('sent')
    await page.goto(urlOf('openSource', '/chatflows'))
    await expect(page.getByRole('heading', { level: 1, name: 'Chatflows' })).toBeVisible()
  } finally {
    await new Promise((resolve) => site.close(resolve))
  }
})

test('an account link’s token leaves the address bar as soon as the page reads it', async ({ page }) => {
  await page.goto(urlOf('openSource', '/reset-password?token=e2e-live-token'))
  await expect(page.getByRole('button', { name: 'Reset password' })).toBeVisible()
  await expect(page).toHaveURL(urlOf('openSource', '/reset-password'))
  await page.reload()
  await expect(page.getByText('Choose a new password for your account.')).toBeVisible()
})

test('the profile asks for the current password when the email is changed', async ({ page }) => {
  await signIn(page, 'openSource', '/login')
  await expectPath(page, '/chatflows')
  await page.goto(urlOf('openSource', '/user-profile'))
  const askPassword = async () => {
    await page.getByLabel('Email', { exact: true }).fill('admin.new@example.com')
    await page.getByRole('button', { name: 'Save' }).first().click()
    await expect(page.getByText('Enter your current password to change the email')).toBeVisible()
  }
  await page.getByLabel('Email', { exact: true }).fill('admin.new@example.com')
  await expect(page.getByText(`We will tell ${ADMIN.email} that the email changed.`)).toBeVisible()
  await askPassword()
  await lookAt(page, 'profile', 'email-change', askPassword)
})

