import type { Kysely } from 'kysely'
import type { Database } from '../tables.js'

/** A user of an organization with their link to it. */
export interface OrganizationUserRow {
  organization_id: string
  user_id: string
  role_id: string | null
  is_admin: number
  link_status: string
  created_at: string
  name: string
  email: string
  status: string
  last_login: string | null
}

const usersQuery = (db: Kysely<Database>, organizationId: string) =>
  db
    .selectFrom('organization_users')
    .innerJoin('users', 'users.id', 'organization_users.user_id')
    .select([
      'organization_users.organization_id',
      'organization_users.user_id',
      'organization_users.role_id',
      'organization_users.is_admin',
      'organization_users.status as link_status',
      'organization_users.created_at',
      'users.name',
      'users.email',
      'users.status',
      'users.last_login',
    ])
    .where('organization_users.organization_id', '=', organizationId)

/** The organization's users, by name then e-mail. */
export const listOrganizationUsers = (
  db: Kysely<Database>,
  organizationId: string,
  userId?: string,
): Promise<OrganizationUserRow[]> => {
  let query = usersQuery(db, organizationId)
  if (userId) query = query.where('organization_users.user_id', '=', userId)
  return query.orderBy('users.name').orderBy('users.email').execute()
}

export const findOrganizationUserRow = (
  db: Kysely<Database>,
  organizationId: string,
  userId: string,
): Promise<OrganizationUserRow | undefined> =>
  usersQuery(db, organizationId).where('organization_users.user_id', '=', userId).executeTakeFirst()

/** The organizations a user belongs to, by id. */
export async function organizationIdsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('organization_users')
    .select('organization_id')
    .where('user_id', '=', userId)
    .execute()
  return rows.map((row) => row.organization_id)
}

/** A workspace link of an organization's user, with the workspace's and the role's names. */
export interface UserWorkspaceRow {
  user_id: string
  workspace_id: string
  workspace_name: string
  role_id: string | null
  role_name: string | null
  last_login: string | null
}

/** The workspace links of the organization's users (of one user when given), default workspace first. */
export function listUserWorkspaces(
  db: Kysely<Database>,
  organizationId: string,
  userId?: string,
): Promise<UserWorkspaceRow[]> {
  let query = db
    .selectFrom('workspace_users')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_users.workspace_id')
    .leftJoin('roles', 'roles.id', 'workspace_users.role_id')
    .select([
      'workspace_users.user_id',
      'workspace_users.workspace_id',
      'workspaces.name as workspace_name',
      'workspace_users.role_id',
      'roles.name as role_name',
      'workspace_users.last_login',
    ])
    .where('workspaces.organization_id', '=', organizationId)
  if (userId) query = query.where('workspace_users.user_id', '=', userId)
  return query
    .orderBy('workspaces.is_default', 'desc')
    .orderBy('workspaces.created_at')
    .orderBy('workspaces.id')
    .execute()
}

/** Active admins of the organization whose account is active too (who can still manage it). */
export async function countActiveAdmins(db: Kysely<Database>, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('organization_users')
    .innerJoin('users', 'users.id', 'organization_users.user_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organization_users.organization_id', '=', organizationId)
    .where('organization_users.is_admin', '=', 1)
    .where('organization_users.status', '=', 'active')
    .where('users.status', '=', 'active')
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

export async function setOrganizationUserStatus(
  db: Kysely<Database>,
  organizationId: string,
  userId: string,
  status: 'active' | 'disabled',
): Promise<void> {
  await db
    .updateTable('organization_users')
    .set({ status })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute()
}

export async function setOrganizationAdmin(
  db: Kysely<Database>,
  organizationId: string,
  userId: string,
  isAdmin: boolean,
): Promise<void> {
  await db
    .updateTable('organization_users')
    .set({ is_admin: isAdmin ? 1 : 0 })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute()
}

/** The organization's workspace links of a user, then the user's link to it; run inside a transaction. */
export async function deleteOrganizationUserRows(
  db: Kysely<Database>,
  organizationId: string,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('workspace_users')
    .where('user_id', '=', userId)
    .where('workspace_id', 'in', (eb) =>
      eb.selectFrom('workspaces').select('id').where('organization_id', '=', organizationId),
    )
    .execute()
  await db
    .deleteFrom('invitations')
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId)
    .execute()
  await db
    .deleteFrom('organization_users')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute()
}

export async function organizationOwnerId(db: Kysely<Database>, organizationId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('organizations')
    .select('owner_id')
    .where('id', '=', organizationId)
    .executeTakeFirst()
  return row?.owner_id
}
