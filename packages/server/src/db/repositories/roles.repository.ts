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
