import { expect, test, type Page } from '@playwright/test'
import { childServer, type ChildServer } from '../packages/server/src/test/child-server.js'
import { startOidcProvider, type TestOidcProvider } from '../packages/server/src/test/oidc-provider.js'
import { lookAt } from './look-at.js'

// Single sign-on end to end in a real browser: a Weft server of this test's own (the built server,
// PLATFORM_TYPE=enterprise, a data folder of its own, on 127.0.0.1:4160) and a real OpenID provider
// (oidc-provider, on 127.0.0.1:4161) with a test client. The admin configures the generic OpenID
// Connect provider through the API; in the browser the user clicks "Sign in with Test IdP" on
// /login, signs in on the provider's own login form, lands in the app signed in as an SSO user,
// and finds /user-profile closed. Screenshots land in test-results/sso/.

const PORT = 4160
const BASE = `http://127.0.0.1:${PORT}`
const ADMIN = { email: 'sso-admin@example.com', password: 'correct horse battery' }

let idp: TestOidcProvider
let weft: ChildServer | undefined
let cookie = ''

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}/api/v1${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json', origin: BASE },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  expect(res.ok, `${method} ${path}: ${text}`).toBe(true)
  return JSON.parse(text) as T
}

test.beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: [`${BASE}/api/v1/sso/oidc/callback`], ports: [4161] })
  // The provider knows the callback on this port, so the server gets it rather than a free one.
  weft = await childServer('e2e-sso', { PLATFORM_TYPE: 'enterprise' }, { port: PORT, admin: ADMIN })
  await weft.start()
  cookie = await weft.signIn()
  await api('PUT', '/sso-config', {
    providerName: 'oidc',
    config: { issuer: idp.issuer, clientID: idp.clientId, clientSecret: idp.clientSecret, label: 'Test IdP' },
    status: 'enable',
  })
})

test.afterAll(async () => {
  await weft?.close()
  await idp?.close()
})

/** Clicks the provider's button and signs in on the provider's own form as `login`. */
async function signInWithProvider(page: Page, login: string) {
  await page.goto(`${BASE}/login`)
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click()
  await page.waitForURL(`${idp.issuer}/**`)
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
}

test('signs in through the OpenID provider’s login form and finds the profile closed', async ({ page }) => {
  test.setTimeout(180_000)
  await signInWithProvider(page, ADMIN.email)
  // Back through /sso-success into the app, signed in.
  await page.waitForURL((url) => url.origin === BASE && (url.pathname === '/' || url.pathname === '/chatflows'))
  await expect(page.getByRole('heading', { name: 'Chatflows' })).toBeVisible()
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('weft.session') ?? '{}'))
  expect(stored.state).toMatchObject({ isAuthenticated: true, isSSO: true, user: { email: ADMIN.email } })

  // The user menu has no Update Profile for an SSO user.
  await page.getByRole('button', { name: 'User menu' }).click()
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Update Profile' })).toHaveCount(0)
  await page.keyboard.press('Escape')

  await page.goto(`${BASE}/user-profile`)
  await expect(page.getByTestId('sso-profile-closed')).toContainText('managed by your identity provider')
  await expect(page.getByRole('button', { name: /save/i })).toHaveCount(0)
  await lookAt(page, 'sso', 'user-profile-closed', async () => {
    await expect(page.getByTestId('sso-profile-closed')).toBeVisible()
  })

  // The SSO user is the organization's admin: the configuration screen, its tabs and a test.
  await page.goto(`${BASE}/sso-config`)
  await page.getByRole('tab', { name: /OpenID Connect/ }).click()
  await expect(page.getByLabel('Issuer URL')).toHaveValue(idp.issuer)
  await expect(page.getByLabel('Client secret')).toHaveValue('_WEFT_REDACTED_')
  await page.getByRole('button', { name: 'Test' }).click()
  await expect(page.getByTestId('sso-test-result')).toContainText('OpenID discovery succeeded')
  await lookAt(page, 'sso', 'sso-config-oidc', async () => {
    await page.getByRole('tab', { name: /OpenID Connect/ }).click()
    await page.getByRole('button', { name: 'Test' }).click()
    await expect(page.getByTestId('sso-test-result')).toBeVisible()
  })
  await lookAt(page, 'sso', 'sso-config-microsoft', async () => {
    await expect(page.getByLabel('Tenant ID')).toBeVisible()
  })

  // Sign-out ends the Weft session.
  await page.getByRole('button', { name: 'User menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await page.waitForURL(`${BASE}/login`)
  const me = await page.evaluate(async () => (await fetch('/api/v1/user')).status)
  expect(me).toBe(401)
  await lookAt(page, 'sso', 'login-with-provider', async () => {
    await expect(page.getByRole('link', { name: 'Sign in with Test IdP' })).toBeVisible()
  })
})

test('an address with no account is turned back to the login page with the reason', async ({ page }) => {
  test.setTimeout(120_000)
  await signInWithProvider(page, 'mallory@example.com')
  await page.waitForURL(/\/login\?ssoError=/)
  await expect(page.getByTestId('sso-error')).toContainText('mallory@example.com has no account in this organization')
  await lookAt(page, 'sso', 'login-refused', async () => {
    await expect(page.getByTestId('sso-error')).toBeVisible()
  })
})
