import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { BuiltInRole } from '@weft/core'
import type { Database, RoleRow } from '../tables.js'

/** Writes the built-in roles (organization_id null), updating their permissions when the list changed. */
export async function upsertBuiltInRoles(db: Kysely<Database>, roles: readonly BuiltInRole[]): Promise<void> {
  const now = new Date().toISOString()
  for (const role of roles) {
    const permissions = JSON.stringify(role.permissions)
    const existing = await findBuiltInRole(db, role.name)
    if (existing) {
      if (existing.permissions === permissions && existing.description === role.description) continue
      await db
        .updateTable('roles')
        .set({ permissions, description: role.description, updated_at: now })
        .where('id', '=', existing.id)
        .execute()
    } else {
      await db
        .insertInto('roles')
        .values({
          id: randomUUID(),
          organization_id: null,
          name: role.name,
          description: role.description,
          permissions,
          created_at: now,
          updated_at: now,
        })
        .execute()
    }
  }
}

export const findBuiltInRole = (db: Kysely<Database>, name: string): Promise<RoleRow | undefined> =>
  db.selectFrom('roles').selectAll().where('organization_id', 'is', null).where('name', '=', name).executeTakeFirst()

/** A role usable in an organization: its own, or a built-in one. */
export const findRoleForOrganization = (
  db: Kysely<Database>,
  organizationId: string,
  roleId: string,
): Promise<RoleRow | undefined> =>
  db
    .selectFrom('roles')
    .selectAll()
    .where('id', '=', roleId)
    .where((eb) => eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', organizationId)]))
    .executeTakeFirst()

/** The built-in roles, then the organization's own, each group by name. */
export const listRolesForOrganization = (db: Kysely<Database>, organizationId: string): Promise<RoleRow[]> =>
  db
    .selectFrom('roles')
    .selectAll()
    .where((eb) => eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', organizationId)]))
    .orderBy((eb) => eb.case().when('organization_id', 'is', null).then(0).else(1).end())
    .orderBy('created_at')
    .orderBy('name')
    .execute()

/** A role of the organization (or built-in) with this name, compared without case. */
export const findRoleByName = (
  db: Kysely<Database>,
  organizationId: string,
  name: string,
): Promise<RoleRow | undefined> =>
  db
    .selectFrom('roles')
    .selectAll()
    .where((eb) => eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', organizationId)]))
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst()

/**
 * How many people of the organization hold each role: in a workspace of the organization or as
 * their organization role. `ownerRoleId` also counts the organization's admins, who hold every
 * permission without a role and are shown as owners.
 */
export async function countRoleHolders(
  db: Kysely<Database>,
  organizationId: string,
  ownerRoleId?: string,
): Promise<Map<string, number>> {
  const inWorkspaces = await db
    .selectFrom('workspace_users')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_users.workspace_id')
    .select(['workspace_users.role_id as roleId', 'workspace_users.user_id as userId'])
    .where('workspaces.organization_id', '=', organizationId)
    .where('workspace_users.role_id', 'is not', null)
    .execute()
  const inOrganization = await db
    .selectFrom('organization_users')
    .select(['role_id as roleId', 'user_id as userId', 'is_admin as isAdmin'])
    .where('organization_id', '=', organizationId)
    .execute()
  const holders = new Map<string, Set<string>>()
  const add = (roleId: string | null, userId: string) => {
    if (!roleId) return
    const users = holders.get(roleId) ?? new Set<string>()
    users.add(userId)
    holders.set(roleId, users)
  }
  for (const link of inWorkspaces) add(link.roleId, link.userId)
  for (const link of inOrganization) {
    add(link.roleId, link.userId)
    if (ownerRoleId && link.isAdmin === 1) add(ownerRoleId, link.userId)
  }
  return new Map([...holders].map(([roleId, users]) => [roleId, users.size]))
}

export async function insertRole(
  db: Kysely<Database>,
  role: { organizationId: string; name: string; description: string; permissions: readonly string[] },
): Promise<RoleRow> {
  const now = new Date().toISOString()
  const row: RoleRow = {
    id: randomUUID(),
    organization_id: role.organizationId,
    name: role.name,
    description: role.description,
    permissions: JSON.stringify(role.permissions),
    created_at: now,
    updated_at: now,
  }
  await db.insertInto('roles').values(row).execute()
  return row
}

export async function updateRole(
  db: Kysely<Database>,
  id: string,
  changes: { name?: string | undefined; description?: string | undefined; permissions?: readonly string[] | undefined },
): Promise<void> {
  await db
    .updateTable('roles')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.description === undefined ? {} : { description: changes.description }),
      ...(changes.permissions === undefined ? {} : { permissions: JSON.stringify(changes.permissions) }),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .where('organization_id', 'is not', null)
    .execute()
}

export async function deleteRole(db: Kysely<Database>, organizationId: string, id: string): Promise<void> {
  await db.deleteFrom('roles').where('id', '=', id).where('organization_id', '=', organizationId).execute()
}
