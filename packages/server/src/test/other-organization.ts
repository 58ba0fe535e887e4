import { randomUUID } from 'node:crypto'
import { hashPassword } from '../auth/passwords.js'
import { browser, type Browser, type TestApp } from './harness.js'

export interface OtherOrganization {
  organizationId: string
  workspaceId: string
  userId: string
  email: string
  /** Signed in as that organization's admin. */
  browser: Browser
}

/**
 * A second organization with its admin and default workspace, written straight into the tables
 * (first-run setup makes only one), its admin signed in: for "another organization's ids" cases.
 */
export async function otherOrganization(t: TestApp): Promise<OtherOrganization> {
  const now = new Date().toISOString()
  const ids = { userId: randomUUID(), organizationId: randomUUID(), workspaceId: randomUUID() }
  const email = `foreign-${ids.userId.slice(0, 8)}@example.com`
  await t.db
    .insertInto('users')
    .values({
      id: ids.userId,
      email,
      name: 'Foreign Admin',
      password_hash: await hashPassword('foreign-password'),
      status: 'active',
      is_sso: 0,
      last_login: null,
      created_at: now,
      updated_at: now,
    })
    .execute()
  await t.db
    .insertInto('organizations')
    .values({
      id: ids.organizationId,
      name: "Foreign Admin's Organization",
      owner_id: ids.userId,
      plan: 'free',
      subscription_id: null,
      customer_id: null,
      product_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute()
  await t.db
    .insertInto('organization_users')
    .values({
      organization_id: ids.organizationId,
      user_id: ids.userId,
      role_id: null,
      is_admin: 1,
      status: 'active',
      created_at: now,
    })
    .execute()
  await t.db
    .insertInto('workspaces')
    .values({
      id: ids.workspaceId,
      organization_id: ids.organizationId,
      name: 'Foreign Workspace',
      description: '',
      is_default: 1,
      created_at: now,
      updated_at: now,
    })
    .execute()
  await t.db
    .insertInto('workspace_users')
    .values({
      workspace_id: ids.workspaceId,
      user_id: ids.userId,
      role_id: null,
      status: 'active',
      last_login: null,
      created_at: now,
    })
    .execute()
  const b = browser(t.app)
  const login = await b.post('/api/v1/auth/login', { email, password: 'foreign-password' })
  if (login.status !== 200) throw new Error(`Foreign admin login failed: ${JSON.stringify(login.body)}`)
  return { ...ids, email, browser: b }
}
