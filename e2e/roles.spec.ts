import { expect, test, type Page } from '@playwright/test'
import { childServer, type ChildServer } from '../packages/server/src/test/child-server.js'
import { lookAt } from './look-at.js'

// The enterprise edition's Roles screen on a server of this test's own (built, in a child process,
// on its own data folder and a free port): the built-in roles, a custom role made in the dialog with a
// group's select-all, a built-in role shown view-only, and a delete after the confirm. Screenshots
// land in test-results/roles/ for a person to look at.

const ADMIN = { email: 'roles-admin@example.com', password: 'correct horse battery' }
const url = (path: string) => `${weft.base}${path}`

let weft: ChildServer

test.beforeAll(async () => {
  weft = await childServer('e2e-roles', { DATABASE_URL: '', PLATFORM_TYPE: 'enterprise' }, { admin: ADMIN })
  await weft.start()
})

test.afterAll(async () => {
  await weft?.close()
})

async function signIn(page: Page, path: string) {
  await page.goto(url('/login'))
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: /sign in/i }).click()
  await page.waitForURL((where) => !where.pathname.startsWith('/login'))
  await page.goto(url(path))
}

const table = (page: Page) => page.getByRole('table', { name: 'Roles' })

/** Opens the create dialog and chooses a few permissions: a whole group, and an edit that brings its view. */
async function fillNewRole(page: Page) {
  await page.getByRole('button', { name: 'Add Role' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Create Role' })
  await dialog.getByLabel('Name').fill('Support editors')
  await dialog.getByLabel('Description').fill('Edit the support flows and their tools')
  await dialog.getByRole('checkbox', { name: 'All Chatflows permissions' }).check()
  await dialog.getByRole('checkbox', { name: 'Tools: Edit' }).check()
  await expect(dialog.getByRole('checkbox', { name: 'Tools: View' })).toBeChecked()
  await expect(dialog.getByText(/^6 of \d+ chosen$/)).toBeVisible()
  return dialog
}

test('an admin makes a custom role from grouped permissions, sees the built-in ones, and deletes the custom one', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await signIn(page, '/roles')
  for (const name of ['owner', 'admin', 'member', 'viewer']) {
    await expect(table(page).getByRole('row', { name: new RegExp(`^${name}\\b`) })).toContainText('Built-in')
  }
  await lookAt(page, 'roles', 'list', async () => {
    await expect(table(page)).toBeVisible()
  })

  await lookAt(page, 'roles', 'create-dialog', async () => {
    await fillNewRole(page)
  })
  const dialog = await fillNewRole(page)
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByText('Role Support editors created')).toBeVisible()
  const row = table(page).getByRole('row', { name: /Support editors/ })
  await expect(row).toContainText('Custom')
  await expect(row).toContainText(/6 of \d+/)

  // The server holds the role as chosen.
  const roles = (await (await page.request.get(url('/api/v1/role'))).json()) as {
    name: string
    permissions: string[]
  }[]
  expect(roles.find((r) => r.name === 'Support editors')?.permissions).toEqual([
    'chatflows:view',
    'chatflows:create',
    'chatflows:update',
    'chatflows:delete',
    'tools:view',
    'tools:update',
  ])

  // A taken name is refused in the dialog, naming the field.
  await page.getByRole('button', { name: 'Add Role' }).first().click()
  const again = page.getByRole('dialog', { name: 'Create Role' })
  await again.getByLabel('Name').fill('support EDITORS')
  await again.getByRole('checkbox', { name: 'Executions: View' }).check()
  await again.getByRole('button', { name: 'Create' }).click()
  await expect(again.getByText('name: a role named Support editors already exists')).toBeVisible()
  await again.getByRole('button', { name: 'Cancel' }).click()

  await lookAt(page, 'roles', 'built-in-view', async () => {
    await table(page).getByRole('button', { name: 'View admin' }).click()
    await expect(page.getByRole('dialog', { name: /Role admin/ })).toBeVisible()
  })
  await table(page).getByRole('button', { name: 'View admin' }).click()
  const view = page.getByRole('dialog', { name: /Role admin/ })
  await expect(view.getByRole('checkbox', { name: 'Workspaces: Add members' })).toBeChecked()
  await expect(view.getByRole('checkbox', { name: 'Users & roles: Manage users' })).not.toBeChecked()
  await expect(view.getByRole('checkbox', { name: 'Workspaces: Add members' })).toBeDisabled()
  await view.getByRole('button', { name: 'Close' }).click()

  await row.getByRole('button', { name: 'Edit Support editors' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Support editors' })
  await edit.getByRole('checkbox', { name: 'All Chatflows permissions' }).uncheck()
  await expect(edit.getByRole('checkbox', { name: 'All Tools permissions' })).toHaveAttribute(
    'data-indeterminate',
    'true',
  )
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(row).toContainText(/2 of \d+/)

  await row.getByRole('button', { name: 'Delete Support editors' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete role' })
  await expect(confirm).toContainText('Delete the role Support editors?')
  await page.screenshot({ path: 'test-results/roles/delete-confirm-light-wide.png' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Role Support editors deleted')).toBeVisible()
  await expect(table(page).getByRole('row')).toHaveCount(5)
})
