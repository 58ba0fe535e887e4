import { randomUUID } from 'node:crypto'
import { organizationLabel } from '@weft/core'
import type { AppContext } from '../context.js'
import { hashPassword } from '../auth/passwords.js'
import { findUserByEmail, hasAdmin, insertUser } from '../db/repositories/users.repository.js'
import type { UserRow } from '../db/tables.js'
import { conflict } from '../http-error.js'

export interface NewAdmin {
  name: string
  email: string
  password: string
  status: UserRow['status']
}

/**
 * Creates a user as the admin of a new organization with its default workspace, all or nothing.
 * Returns the new user's id and the workspace's id.
 */
export async function createOrganization(
  ctx: AppContext,
  admin: NewAdmin,
): Promise<{ userId: string; organizationId: string; workspaceId: string }> {
  if (await findUserByEmail(ctx.db, admin.email)) throw conflict('An account with this email already exists')
  const now = new Date().toISOString()
  const ids = { userId: randomUUID(), organizationId: randomUUID(), workspaceId: randomUUID() }
  const passwordHash = await hashPassword(admin.password)
  await ctx.db.transaction().execute(async (trx) => {
    await insertUser(trx, {
      id: ids.userId,
      email: admin.email,
      name: admin.name,
      password_hash: passwordHash,
      status: admin.status,
      is_sso: 0,
      last_login: null,
      created_at: now,
      updated_at: now,
    })
    await trx
      .insertInto('organizations')
      .values({
        id: ids.organizationId,
        name: organizationLabel(admin),
        owner_id: ids.userId,
        plan: 'free',
        subscription_id: null,
        customer_id: null,
        product_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await trx
      .insertInto('organization_users')
      .values({ organization_id: ids.organizationId, user_id: ids.userId, role_id: null, is_admin: 1, status: 'active', created_at: now })
      .execute()
    await trx
      .insertInto('workspaces')
      .values({
        id: ids.workspaceId,
        organization_id: ids.organizationId,
        name: 'Default Workspace',
        description: '',
        is_default: 1,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await trx
      .insertInto('workspace_users')
      .values({ workspace_id: ids.workspaceId, user_id: ids.userId, role_id: null, status: 'active', last_login: null, created_at: now })
      .execute()
  })
  return ids
}

/** For headless installs: creates the first admin from WEFT_ADMIN_EMAIL/PASSWORD (and _NAME) on a fresh database. */
export async function ensureAdminFromConfig(ctx: AppContext): Promise<void> {
  const admin = ctx.config.admin
  if (!admin || (await hasAdmin(ctx.db))) return
  await createOrganization(ctx, { name: admin.name, email: admin.email, password: admin.password, status: 'active' })
  ctx.log.info({ email: admin.email }, 'Created the first admin from WEFT_ADMIN_EMAIL')
}
