import type { Kysely } from 'kysely'
import type { Database, OrganizationRow, RoleRow, WorkspaceRow } from '../tables.js'

export interface Membership {
  organization: OrganizationRow
  isAdmin: boolean
  roleId: string | null
}

/** The organization a user belongs to (one per user for now: the first joined). */
export async function findMembership(db: Kysely<Database>, userId: string): Promise<Membership | undefined> {
  const link = await db
    .selectFrom('organization_users')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .executeTakeFirst()
  if (!link) return undefined
  const organization = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', link.organization_id)
    .executeTakeFirstOrThrow()
  return { organization, isAdmin: link.is_admin === 1, roleId: link.role_id }
}

/** The workspaces of an organization that the user is assigned to, default first. */
export const listAssignedWorkspaces = (
  db: Kysely<Database>,
  userId: string,
  organizationId: string,
): Promise<WorkspaceRow[]> =>
  db
    .selectFrom('workspaces')
    .innerJoin('workspace_users', 'workspace_users.workspace_id', 'workspaces.id')
    .selectAll('workspaces')
    .where('workspace_users.user_id', '=', userId)
    .where('workspaces.organization_id', '=', organizationId)
    .orderBy('workspaces.is_default', 'desc')
    .orderBy('workspaces.created_at')
    .execute()

/** The role a user holds in a workspace, if any. */
export async function findWorkspaceRole(
  db: Kysely<Database>,
  userId: string,
  workspaceId: string,
): Promise<RoleRow | undefined> {
  return db
    .selectFrom('workspace_users')
    .innerJoin('roles', 'roles.id', 'workspace_users.role_id')
    .selectAll('roles')
    .where('workspace_users.user_id', '=', userId)
    .where('workspace_users.workspace_id', '=', workspaceId)
    .executeTakeFirst()
}
