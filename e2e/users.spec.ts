import { expect, test, type Page } from '@playwright/test'
import { childServer, type ChildServer } from '../packages/server/src/test/child-server.js'
import { linkIn, startSmtpInbox, type SmtpInbox } from '../packages/server/src/test/smtp-inbox.js'
import { lookAt } from './look-at.js'

// The enterprise edition's Users screen on a server of this test's own (built, in a child process,
// on its own data folder and a free port) that mails through a real SMTP server the test starts: the admin
// invites two people from the dialog into a second workspace with a role; one follows the mailed
// link, registers on the prefilled page and signs in there; the admin disables the other's account
// after the invitation is revoked and resent. Screenshots land in test-results/users/.

const ADMIN = { name: 'Ada Admin', email: 'users-admin@example.com', password: 'correct horse battery' }
const url = (path: string) => `${weft.base}${path}`

let weft: ChildServer
let inbox: SmtpInbox

test.beforeAll(async () => {
  inbox = await startSmtpInbox()
  weft = await childServer(
    'e2e-users',
    { ...inbox.env, DATABASE_URL: '', PLATFORM_TYPE: 'enterprise' },
    { admin: ADMIN },
  )
  await weft.start()
})

test.afterAll(async () => {
  await weft?.close()
  await inbox?.close()
})

async function signIn(page: Page, email: string, password: string) {
  await page.goto(url('/login'))
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

/** Waits until every transition of the page (a dialog fading in, a menu closing) has ended. */
async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  )
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
  await expect(page.getByRole('listbox')).toHaveCount(0)
}

test('invite, register from the mailed link, resend, revoke and disable on the Users screen', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  await signIn(page, ADMIN.email, ADMIN.password)
  const me = await (await page.request.get(url('/api/v1/user'))).json()
  const made = await page.request.post(url('/api/v1/workspace'), { data: { name: 'Research', description: '' } })
  expect(made.ok()).toBe(true)

  await page.goto(url('/users'))
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible()

  // The dialog, empty and then with a refusal naming the field.
  await page.getByRole('button', { name: 'Invite User' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Invite User' })
  await expect(dialog.getByRole('combobox', { name: 'Workspace' })).toBeVisible()
  await dialog.getByLabel('Email').fill(ADMIN.email)
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(dialog.getByText(`email: ${ADMIN.email} is already a member of this organization`)).toBeVisible()
  await lookAt(page, 'users', 'invite-dialog', async () => {
    await page.getByRole('button', { name: 'Invite User' }).first().click()
    await expect(
      page.getByRole('dialog', { name: 'Invite User' }).getByRole('combobox', { name: 'Role' }),
    ).toBeVisible()
    await page.getByRole('dialog').getByLabel('Email').fill('vic@example.com')
    await pick(page, 'Workspace', 'Research')
    await pick(page, 'Role', 'viewer')
    await settle(page)
  })

  for (const [email, role] of [
    ['vic@example.com', 'viewer'],
    ['wes@example.com', 'member'],
  ] as const) {
    await page.getByRole('button', { name: 'Invite User' }).first().click()
    await page.getByRole('dialog').getByLabel('Email').fill(email)
    await pick(page, 'Workspace', 'Research')
    await pick(page, 'Role', role)
    await page.getByRole('dialog').getByRole('button', { name: 'Send invitation' }).click()
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible()
  }

  // Vic opens the link from the mail in a browser of their own and registers.
  const link = linkIn(await inbox.nextMailTo('vic@example.com'), '/register')
  const vicContext = await browser.newContext()
  const vic = await vicContext.newPage()
  await vic.goto(link)
  await expect(vic.getByText(/invited you to the workspace Research .* as viewer/)).toBeVisible()
  await expect(vic.getByLabel('Email')).toHaveValue('vic@example.com')
  await expect(vic.getByLabel('Email')).toBeDisabled()
  await expect(vic).not.toHaveURL(/token=/)
  await lookAt(vic, 'register', 'invited', async () => {
    await expect(vic.getByLabel('Email')).toHaveValue('vic@example.com')
  })
  await vic.getByLabel('Name').fill('Vic Viewer')
  await vic.getByLabel('Password', { exact: true }).fill('vic-password-1')
  await vic.getByLabel('Confirm password').fill('vic-password-1')
  await vic.getByRole('button', { name: 'Create account' }).click()
  await expect(vic.getByText('Your account is ready. You can sign in now.')).toBeVisible()
  await signIn(vic, 'vic@example.com', 'vic-password-1')
  const vicUser = await (await vic.request.get(url('/api/v1/user'))).json()
  expect(vicUser).toMatchObject({ activeWorkspace: 'Research', role: 'viewer' })

  // The same link again: used.
  const again = await browser.newContext()
  const reused = await again.newPage()
  await reused.goto(link)
  await expect(
    reused.getByText('This invitation was already used. Sign in with your e-mail and password.'),
  ).toBeVisible()
  await lookAt(reused, 'register', 'used-link', async () => {
    await expect(reused.getByText(/already used/)).toBeVisible()
  })
  await again.close()

  // Wes's invitation: resent, then revoked after the confirm, then invited again.
  await page.reload()
  await page.getByRole('button', { name: 'Resend invitation to wes@example.com' }).click()
  await expect(page.getByText('Invitation sent again to wes@example.com')).toBeVisible()
  await page.getByRole('button', { name: 'Revoke invitation of wes@example.com' }).click()
  await page.getByRole('dialog', { name: 'Revoke invitation' }).getByRole('button', { name: 'Revoke' }).click()
  await expect(page.getByText('Invitation for wes@example.com revoked')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Users' }).getByText('wes@example.com')).toHaveCount(0)
  await page.getByRole('button', { name: 'Invite User' }).first().click()
  await page.getByRole('dialog').getByLabel('Email').fill('wes@example.com')
  await page.getByRole('dialog').getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('Invitation sent to wes@example.com')).toBeVisible()

  // Disabling Vic stops Vic's session at the next call.
  await page.getByRole('button', { name: 'Disable Vic Viewer' }).click()
  const ask = page.getByRole('dialog', { name: 'Disable user' })
  await expect(ask).toContainText('signed out at once')
  await ask.getByRole('button', { name: 'Disable' }).click()
  await expect(page.getByText('Vic Viewer disabled')).toBeVisible()
  const next = await vic.request.get(url('/api/v1/user'))
  expect(next.status()).toBe(401)
  expect((await next.json()).message).toBe('This account is disabled. Ask an organization admin to enable it.')
  await vic.goto(url('/login'))
  await vic.getByLabel('Email').fill('vic@example.com')
  await vic.getByLabel('Password', { exact: true }).fill('vic-password-1')
  await vic.getByRole('button', { name: /sign in/i }).click()
  await expect(vic.getByText('This account is disabled. Ask an organization admin to enable it.')).toBeVisible()
  await vicContext.close()

  const table = page.getByRole('table', { name: 'Users' })
  await expect(table.getByText('Disabled').last()).toBeVisible()
  await lookAt(page, 'users', 'list', async () => {
    await expect(page.getByRole('table', { name: 'Users' }).getByText('wes@example.com')).toBeVisible()
  })
  await lookAt(page, 'users', 'remove-confirm', async () => {
    await page.getByRole('button', { name: 'Remove Vic Viewer' }).click()
    await expect(page.getByRole('dialog', { name: 'Remove user' })).toBeVisible()
    await settle(page)
  })
  await lookAt(page, 'users', 'edit-dialog', async () => {
    await page.getByRole('button', { name: `Edit ${me.name}` }).click()
    await expect(page.getByRole('dialog', { name: `Edit ${me.name}` })).toBeVisible()
    await settle(page)
  })
})
