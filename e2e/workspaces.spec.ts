import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { childServer, type ChildServer } from '../packages/server/src/test/child-server.js'
import { lookAt } from './look-at.js'

// The enterprise edition's Workspaces and Workspace Users screens on a server of this test's own
// (built, in a child process, on its own data folder and a free port): add a workspace, add a member with
// a role, the switcher once there are two, the delete confirm naming what the workspace holds, and
// Workspace Unavailable when the active workspace is deleted. Screenshots land in
// test-results/workspaces/ for a person to look at.

const ADMIN = { name: 'Ada Admin', email: 'ws-admin@example.com', password: 'correct horse battery' }
const url = (path: string) => `${weft.base}${path}`
const SHOTS = 'workspaces'

let weft: ChildServer

test.beforeAll(async () => {
  weft = await childServer('e2e-workspaces', { DATABASE_URL: '', PLATFORM_TYPE: 'enterprise' }, { admin: ADMIN })
  await weft.start()
})

test.afterAll(async () => {
  await weft?.close()
})

/** People of the organization the admin can add (written into the server's database: the invite flow is another screen's). */
function seedPeople(names: string[]) {
  const db = new SQLite(join(weft.home, 'weft.sqlite'))
  db.pragma('busy_timeout = 5000')
  const now = new Date().toISOString()
  const org = db.prepare('SELECT organization_id AS id FROM organization_users WHERE is_admin = 1').get() as {
    id: string
  }
  const workspace = db.prepare('SELECT id FROM workspaces WHERE is_default = 1').get() as { id: string }
  const member = db.prepare("SELECT id FROM roles WHERE organization_id IS NULL AND name = 'member'").get() as {
    id: string
  }
  for (const name of names) {
    const id = randomUUID()
    db.prepare(
      "INSERT INTO users (id, email, name, password_hash, status, is_sso, last_login, created_at, updated_at) VALUES (?, ?, ?, NULL, 'active', 0, NULL, ?, ?)",
    ).run(id, `${name.split(' ')[0]!.toLowerCase()}@example.com`, name, now, now)
    db.prepare(
      "INSERT INTO organization_users (organization_id, user_id, role_id, is_admin, status, created_at) VALUES (?, ?, ?, 0, 'active', ?)",
    ).run(org.id, id, member.id, now)
    db.prepare(
      "INSERT INTO workspace_users (workspace_id, user_id, role_id, status, last_login, created_at) VALUES (?, ?, ?, 'active', NULL, ?)",
    ).run(workspace.id, id, member.id, now)
  }
  db.close()
}

async function signIn(page: Page, path: string) {
  await page.goto(url('/login'))
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: /sign in/i }).click()
  await page.waitForURL((where) => !where.pathname.startsWith('/login'))
  await page.goto(url(path))
}

const workspaces = (page: Page) => page.getByRole('table', { name: 'Workspaces' })
const members = (page: Page) => page.getByRole('table', { name: 'Members' })

test('an admin adds a workspace, gives it members, switches to it, deletes it and picks another', async ({ page }) => {
  test.setTimeout(180_000)
  seedPeople(['Bob Builder', 'Cara Chen', 'Dan Diaz'])
  await signIn(page, '/workspaces')
  await expect(workspaces(page).getByRole('link', { name: 'Default Workspace' })).toBeVisible()
  // One workspace: no switcher in the top bar.
  await expect(page.getByRole('button', { name: /^Workspace: / })).toHaveCount(0)

  await page.getByRole('button', { name: 'Add Workspace' }).first().click()
  let dialog = page.getByRole('dialog', { name: 'Add Workspace' })
  await dialog.getByRole('button', { name: 'Add' }).click()
  await expect(dialog.getByText('Name is required')).toBeVisible()
  await dialog.getByLabel('Name').fill('Default workspace')
  await dialog.getByRole('button', { name: 'Add' }).click()
  await expect(
    dialog.getByText("name: a workspace named 'Default workspace' already exists in this organization"),
  ).toBeVisible()
  await dialog.getByLabel('Name').fill('Sales')
  await dialog.getByLabel('Description').fill('Deals, leads and the sales assistant')
  await dialog.getByRole('button', { name: 'Add' }).click()
  await expect(workspaces(page).getByRole('link', { name: 'Sales' })).toBeVisible()
  // Two workspaces now: the switcher shows.
  await expect(page.getByRole('button', { name: 'Workspace: Default Workspace' })).toBeVisible()
  await lookAt(page, SHOTS, 'list', async () => {
    await expect(workspaces(page).getByRole('link', { name: 'Sales' })).toBeVisible()
  })
  await lookAt(page, SHOTS, 'add-dialog', async () => {
    await page.getByRole('button', { name: 'Add Workspace' }).first().click()
    await page.getByRole('dialog', { name: 'Add Workspace' }).getByLabel('Name').fill('Support')
  })
  await page.reload()

  // Members of Sales: add Bob and Cara as viewers.
  await workspaces(page).getByRole('link', { name: 'Sales' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sales members' })).toBeVisible()
  await page.getByRole('button', { name: 'Add Members' }).first().click()
  dialog = page.getByRole('dialog', { name: 'Add members to Sales' })
  await dialog.getByLabel('People').fill('Bob')
  await page.getByRole('option', { name: /Bob Builder/ }).click()
  await dialog.getByLabel('People').fill('Cara')
  await page.getByRole('option', { name: /Cara Chen/ }).click()
  await dialog.getByRole('combobox', { name: 'Role' }).click()
  await page.getByRole('option', { name: 'viewer' }).click()
  await dialog.getByRole('button', { name: 'Add' }).click()
  await expect(members(page).getByText('bob@example.com')).toBeVisible()
  await expect(
    members(page)
      .getByRole('row', { name: /Cara Chen/ })
      .getByText('viewer'),
  ).toBeVisible()
  // Bob becomes an admin of Sales.
  await page.getByRole('button', { name: 'Change role of Bob Builder' }).click()
  dialog = page.getByRole('dialog', { name: 'Change role of Bob Builder' })
  await dialog.getByRole('combobox', { name: 'Role' }).click()
  await page.getByRole('option', { name: 'admin' }).click()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(
    members(page)
      .getByRole('row', { name: /Bob Builder/ })
      .getByText('admin'),
  ).toBeVisible()
  await lookAt(page, SHOTS, 'members', async () => {
    await expect(members(page).getByText('bob@example.com')).toBeVisible()
  })
  await lookAt(page, SHOTS, 'add-members', async () => {
    await page.getByRole('button', { name: 'Add Members' }).first().click()
    await page.getByRole('dialog', { name: 'Add members to Sales' }).getByLabel('People').click()
  })
  await page.reload()
  // Remove Cara after the confirm.
  await page.getByRole('button', { name: 'Remove Cara Chen' }).click()
  const confirm = page.getByRole('dialog', { name: 'Remove member' })
  await expect(confirm).toContainText('Remove Cara Chen from Sales?')
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(members(page).getByText('cara@example.com')).toHaveCount(0)

  // Switch to Sales through the top bar and put something in it.
  await page.getByRole('button', { name: 'Workspace: Default Workspace' }).click()
  await page.getByRole('menuitem', { name: 'Sales' }).click()
  await expect(page.getByRole('button', { name: 'Workspace: Sales' })).toBeVisible({ timeout: 15_000 })
  for (const name of ['region', 'tone']) {
    expect((await page.request.post(url('/api/v1/variables'), { data: { name, value: 'eu' } })).status()).toBe(201)
  }

  // The delete confirm names what goes.
  await page.goto(url('/workspaces'))
  await lookAt(page, SHOTS, 'delete-confirm', async () => {
    await page.getByRole('button', { name: 'Delete Sales' }).click()
    await expect(page.getByRole('dialog', { name: 'Delete workspace' })).toContainText(
      "Delete 'Sales'? This deletes 2 variables in it. 2 members lose access to it.",
    )
  })
  await page.reload()
  await page.getByRole('button', { name: 'Delete Sales' }).click()
  await page.getByRole('dialog', { name: 'Delete workspace' }).getByRole('button', { name: 'Delete' }).click()

  // The active workspace is gone: Workspace Unavailable asks for another.
  const unavailable = page.getByRole('dialog', { name: 'Workspace Unavailable' })
  await expect(unavailable).toBeVisible({ timeout: 10_000 })
  await expect(unavailable.getByRole('button', { name: 'Sales' })).toHaveCount(0)
  await lookAt(page, SHOTS, 'unavailable', async () => {
    await expect(unavailable).toBeVisible({ timeout: 10_000 })
  })
  await unavailable.getByRole('button', { name: 'Default Workspace' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Chatflows' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('dialog', { name: 'Workspace Unavailable' })).toHaveCount(0)
  // Back to one workspace: no switcher.
  await expect(page.getByRole('button', { name: /^Workspace: / })).toHaveCount(0)
})
