import { randomUUID } from 'node:crypto'
import { hashPassword } from '../auth/passwords.js'
import { browser, type Browser, type TestApp } from './harness.js'

const now = () => new Date().toISOString()

/** Signs in a new member of the admin's organization and active workspace, holding the role. */
export async function signInMember(t: TestApp, admin: Browser, roleId: string): Promise<Browser> {
  const me = (await admin.get('/api/v1/user')).body
  const id = randomUUID()
  const email = `member-${id.slice(0, 8)}@example.com`
  await t.db
    .insertInto('users')
    .values({
      id,
      email,
      name: 'Member',
      password_hash: await hashPassword('member-password'),
      status: 'active',
      is_sso: 0,
      last_login: null,
      created_at: now(),
      updated_at: now(),
    })
    .execute()
  await t.db
    .insertInto('organization_users')
    .values({
      organization_id: me.activeOrganizationId,
      user_id: id,
      role_id: roleId,
      is_admin: 0,
      status: 'active',
      created_at: now(),
    })
    .execute()
  await t.db
    .insertInto('workspace_users')
    .values({
      workspace_id: me.activeWorkspaceId,
      user_id: id,
      role_id: roleId,
      status: 'active',
      last_login: null,
      created_at: now(),
    })
    .execute()
  const member = browser(t.app)
  const login = await member.post('/api/v1/auth/login', { email, password: 'member-password' })
  if (login.status !== 200) throw new Error(`Member login failed: ${JSON.stringify(login.body)}`)
  return member
}

/** A role of the admin's organization holding exactly these permissions; answers its id. */
export async function createRole(t: TestApp, admin: Browser, permissions: string[]): Promise<string> {
  const me = (await admin.get('/api/v1/user')).body
  const id = randomUUID()
  await t.db
    .insertInto('roles')
    .values({
      id,
      organization_id: me.activeOrganizationId,
      name: `Role ${id.slice(0, 8)}`,
      description: '',
      permissions: JSON.stringify(permissions),
      created_at: now(),
      updated_at: now(),
    })
    .execute()
  return id
}

/** The id of a built-in role (`member`, `viewer`). */
export const builtInRoleId = async (t: TestApp, name: string): Promise<string> =>
  (
    await t.db
      .selectFrom('roles')
      .select('id')
      .where('organization_id', 'is', null)
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id

/** A second workspace in the admin's organization, with the admin in it; answers its id. */
export async function addWorkspace(t: TestApp, admin: Browser): Promise<string> {
  const me = (await admin.get('/api/v1/user')).body
  const id = randomUUID()
  await t.db
    .insertInto('workspaces')
    .values({
      id,
      organization_id: me.activeOrganizationId,
      name: 'Other',
      description: '',
      is_default: 0,
      created_at: now(),
      updated_at: now(),
    })
    .execute()
  await t.db
    .insertInto('workspace_users')
    .values({ workspace_id: id, user_id: me.id, role_id: null, status: 'active', last_login: null, created_at: now() })
    .execute()
  return id
}

/** Makes the workspace the browser's active one. */
export async function switchWorkspace(b: Browser, workspaceId: string): Promise<void> {
  const res = await b.post(`/api/v1/workspace/switch?id=${workspaceId}`)
  if (res.status !== 200) throw new Error(`Switch failed: ${JSON.stringify(res.body)}`)
}
