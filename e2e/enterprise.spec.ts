import { expect, test, type Browser, type Page } from '@playwright/test'
import { childServer, CHILD_ADMIN, type ChildServer } from '../packages/server/src/test/child-server.js'
import { linkIn, startSmtpInbox, type SmtpInbox } from '../packages/server/src/test/smtp-inbox.js'
import { lookAt } from './look-at.js'

// The enterprise edition walked through as a team uses it (issue 24's browser "Done when"), on a
// server of this test's own (built, PLATFORM_TYPE=enterprise, its own data folder) that mails
// through a real SMTP server the test starts: the admin makes a workspace and a custom role and
// invites Uma into them; Uma registers from the mailed link, sees only what her role allows,
// switches workspaces in the top bar, finds another workspace's flow not found, and is asked to pick
// another workspace when the admin deletes the one she is in; login activity lists both sign-ins.
// Screenshots land in test-results/enterprise/.

const SHOTS = 'enterprise'
const UMA = { name: 'Uma Ulrich', email: 'uma@example.com', password: 'uma-password-1' }

let weft: ChildServer
let inbox: SmtpInbox

test.beforeAll(async () => {
  inbox = await startSmtpInbox()
  weft = await childServer('e2e-enterprise', { PLATFORM_TYPE: 'enterprise', ...inbox.env })
  await weft.start()
})

test.afterAll(async () => {
  await weft?.close()
  await inbox?.close()
})

const url = (path: string) => `${weft.base}${path}`
const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' })

async function signIn(page: Page, email: string, password: string) {
  await page.goto(url('/login'))
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: /sign in/i }).click()
  await page.waitForURL((where) => !where.pathname.startsWith('/login'))
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
  await expect(page.getByRole('listbox')).toHaveCount(0)
}

async function addWorkspace(page: Page, name: string) {
  await page.goto(url('/workspaces'))
  await page.getByRole('button', { name: 'Add Workspace' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Add Workspace' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByRole('button', { name: 'Add' }).click()
  await expect(page.getByRole('table', { name: 'Workspaces' }).getByRole('link', { name })).toBeVisible()
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
}

test('a team on the enterprise edition: workspaces, a custom role, an invitation, switching, a deleted workspace, login activity', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000)
  await signIn(page, CHILD_ADMIN.email, CHILD_ADMIN.password)
  // A flow in the default workspace, which Uma will never be given.
  const flow = await page.request.post(url('/api/v1/chatflows'), {
    data: { name: 'Payroll bot', type: 'CHATFLOW', flowData: JSON.stringify({ nodes: [], edges: [] }) },
  })
  expect(flow.status()).toBe(201)
  const payroll = (await flow.json()) as { id: string }

  // The admin makes two workspaces and a custom role.
  await addWorkspace(page, 'Support')
  await addWorkspace(page, 'Research')
  await page.goto(url('/roles'))
  await page.getByRole('button', { name: 'Add Role' }).first().click()
  const role = page.getByRole('dialog', { name: 'Create Role' })
  await role.getByLabel('Name').fill('Support agents')
  await role.getByRole('checkbox', { name: 'All Chatflows permissions' }).check()
  await role.getByRole('checkbox', { name: 'Executions: View' }).check()
  await role.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByText('Role Support agents created')).toBeVisible()

  // ...and invites Uma into Support with it; the mail reaches the SMTP server.
  await page.goto(url('/users'))
  await page.getByRole('button', { name: 'Invite User' }).first().click()
  await page.getByRole('dialog').getByLabel('Email').fill(UMA.email)
  await pick(page, 'Workspace', 'Support')
  await pick(page, 'Role', 'Support agents (custom)')
  await page.getByRole('dialog').getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${UMA.email}`)).toBeVisible()
  const link = linkIn(await inbox.nextMailTo(UMA.email), '/register')

  // Uma registers from the link in a browser of her own, then signs in.
  const uma = await newPage(browser)
  await uma.goto(link)
  await expect(uma.getByLabel('Email')).toHaveValue(UMA.email)
  await uma.getByLabel('Name').fill(UMA.name)
  await uma.getByLabel('Password', { exact: true }).fill(UMA.password)
  await uma.getByLabel('Confirm password').fill(UMA.password)
  await uma.getByRole('button', { name: 'Create account' }).click()
  await expect(uma.getByText('Your account is ready. You can sign in now.')).toBeVisible()
  await signIn(uma, UMA.email, UMA.password)
  await expect(uma.getByRole('heading', { level: 1, name: 'Chatflows' })).toBeVisible()

  // Her menu holds what her role allows, nothing more; one workspace, so no switcher.
  await expect(menu(uma).getByRole('link', { name: 'Chatflows' })).toBeVisible()
  await expect(menu(uma).getByRole('link', { name: 'Executions' })).toBeVisible()
  for (const hidden of [
    'Agentflows',
    'Credentials',
    'Variables',
    'API Keys',
    'Users',
    'Roles',
    'Workspaces',
    'Login Activity',
    'Logs',
    'SSO Config',
  ]) {
    await expect(menu(uma).getByRole('link', { name: hidden, exact: true })).toHaveCount(0)
  }
  await expect(uma.getByRole('button', { name: /^Workspace: / })).toHaveCount(0)
  await lookAt(uma, SHOTS, 'member-menu', async () => {
    await expect(uma.getByRole('heading', { level: 1, name: 'Chatflows' })).toBeVisible()
  })
  // The server agrees with the menu.
  expect((await uma.request.get(url('/api/v1/credentials'))).status()).toBe(403)

  // The admin adds Uma to Research as a viewer.
  await page.goto(url('/workspaces'))
  await page.getByRole('table', { name: 'Workspaces' }).getByRole('link', { name: 'Research' }).click()
  await page.getByRole('button', { name: 'Add Members' }).first().click()
  const add = page.getByRole('dialog', { name: 'Add members to Research' })
  await add.getByLabel('People').fill('Uma')
  await page.getByRole('option', { name: /Uma Ulrich/ }).click()
  await add.getByRole('combobox', { name: 'Role' }).click()
  await page.getByRole('option', { name: 'viewer' }).click()
  await add.getByRole('button', { name: 'Add' }).click()
  await expect(page.getByRole('table', { name: 'Members' }).getByText(UMA.email)).toBeVisible()

  // Uma now has two workspaces and switches to Research through the top bar.
  await uma.reload()
  await uma.getByRole('button', { name: 'Workspace: Support' }).click()
  await uma.getByRole('menuitem', { name: 'Research' }).click()
  await expect(uma.getByRole('button', { name: 'Workspace: Research' })).toBeVisible({ timeout: 15_000 })
  await lookAt(uma, SHOTS, 'switched', async () => {
    await expect(uma.getByRole('button', { name: 'Workspace: Research' })).toBeVisible({ timeout: 15_000 })
    await expect(uma.getByRole('heading', { level: 1, name: 'Chatflows' })).toBeVisible()
  })

  // The default workspace's flow is not hers: not found, in the app and on the API.
  await uma.goto(url(`/canvas/${payroll.id}`))
  await expect(uma.getByText('Flow not found')).toBeVisible()
  expect((await uma.request.get(url(`/api/v1/chatflows/${payroll.id}`))).status()).toBe(404)

  // The admin deletes Research while Uma works in it: she is asked to pick another workspace.
  await page.goto(url('/workspaces'))
  await page.getByRole('button', { name: 'Delete Research' }).click()
  await page.getByRole('dialog', { name: 'Delete workspace' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('table', { name: 'Workspaces' }).getByRole('link', { name: 'Research' })).toHaveCount(0)
  await uma.goto(url('/chatflows'))
  const unavailable = uma.getByRole('dialog', { name: 'Workspace Unavailable' })
  await expect(unavailable).toBeVisible({ timeout: 10_000 })
  await expect(unavailable.getByRole('button', { name: 'Research' })).toHaveCount(0)
  await lookAt(uma, SHOTS, 'workspace-unavailable', async () => {
    await expect(uma.getByRole('dialog', { name: 'Workspace Unavailable' })).toBeVisible({ timeout: 10_000 })
  })
  await unavailable.getByRole('button', { name: 'Support' }).click()
  await expect(uma.getByRole('heading', { level: 1, name: 'Chatflows' })).toBeVisible({ timeout: 15_000 })
  await expect(uma.getByRole('dialog', { name: 'Workspace Unavailable' })).toHaveCount(0)

  // Login activity lists both people's sign-ins.
  await page.goto(url('/login-activity'))
  const activity = page.getByRole('table', { name: 'Login activity' })
  await expect(activity.getByRole('row', { name: new RegExp(UMA.email) }).first()).toBeVisible()
  await expect(activity.getByRole('row', { name: new RegExp(CHILD_ADMIN.email) }).first()).toBeVisible()
  await lookAt(page, SHOTS, 'login-activity', async () => {
    await expect(page.getByRole('table', { name: 'Login activity' })).toBeVisible()
  })
})
