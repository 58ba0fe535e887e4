import { inGroupOrder, isBuiltInRoleName, type Role } from '@weft/core'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import {
  countRoleHolders,
  deleteRole,
  findBuiltInRole,
  findRoleByName,
  findRoleForOrganization,
  insertRole,
  listRolesForOrganization,
  updateRole,
} from '../db/repositories/roles.repository.js'
import type { RoleRow } from '../db/tables.js'
import { badRequest, conflict, forbidden, notFound } from '../http-error.js'

export interface NewRole {
  name: string
  description?: string | undefined
  permissions: string[]
  organizationId?: string | undefined
}

export interface RoleChanges {
  id: string
  name?: string | undefined
  description?: string | undefined
  permissions?: string[] | undefined
  organizationId?: string | undefined
}

const parsePermissions = (json: string): string[] => {
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : []
}

const toRole = (row: RoleRow, userCount: number): Role => ({
  id: row.id,
  organizationId: row.organization_id,
  name: row.name,
  description: row.description,
  permissions: parsePermissions(row.permissions),
  builtIn: row.organization_id === null,
  userCount,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
})

const ROLE_NOT_FOUND = 'Role not found'

/** An organizationId the caller names must be the caller's own; another one is as if it did not exist. */
function checkOrganization(principal: Principal, organizationId: string | undefined): void {
  if (organizationId !== undefined && organizationId !== principal.organizationId) {
    throw notFound('Organization not found')
  }
}

async function holderCounts(ctx: AppContext, organizationId: string): Promise<Map<string, number>> {
  const owner = await findBuiltInRole(ctx.db, 'owner')
  return countRoleHolders(ctx.db, organizationId, owner?.id)
}

async function roleOf(ctx: AppContext, principal: Principal, id: string): Promise<RoleRow> {
  const row = await findRoleForOrganization(ctx.db, principal.organizationId, id)
  if (!row) throw notFound(ROLE_NOT_FOUND)
  return row
}

/** The name's own checks: not a built-in's, not another role's of the organization (without case). */
async function checkName(ctx: AppContext, principal: Principal, name: string, except?: string): Promise<void> {
  if (isBuiltInRoleName(name)) throw conflict(`name: ${name} is the name of a built-in role; choose another`)
  const taken = await findRoleByName(ctx.db, principal.organizationId, name)
  if (taken && taken.id !== except) throw conflict(`name: a role named ${taken.name} already exists`)
}

/** Each permission once, in the role dialog's order; an empty list is refused. */
function cleanPermissions(permissions: readonly string[]): string[] {
  const clean = inGroupOrder(permissions)
  if (clean.length === 0) throw badRequest('body.permissions: choose at least one permission')
  return clean
}

function refuseBuiltIn(row: RoleRow, doing: 'changed' | 'deleted'): void {
  if (row.organization_id === null) {
    throw forbidden(`The built-in role ${row.name} cannot be ${doing}; make a custom role instead`)
  }
}

export async function listRoles(ctx: AppContext, principal: Principal, organizationId?: string): Promise<Role[]> {
  checkOrganization(principal, organizationId)
  const rows = await listRolesForOrganization(ctx.db, principal.organizationId)
  const counts = await holderCounts(ctx, principal.organizationId)
  // Built-in roles in their own order (owner, admin, member, viewer), then the custom ones.
  const rank = (row: RoleRow) =>
    row.organization_id === null ? ['owner', 'admin', 'member', 'viewer'].indexOf(row.name) : Number.MAX_SAFE_INTEGER
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row) - rank(b.row) || a.index - b.index)
    .map(({ row }) => toRole(row, counts.get(row.id) ?? 0))
}

export async function readRole(ctx: AppContext, principal: Principal, id: string): Promise<Role> {
  const row = await roleOf(ctx, principal, id)
  const counts = await holderCounts(ctx, principal.organizationId)
  return toRole(row, counts.get(row.id) ?? 0)
}

export async function createRole(ctx: AppContext, principal: Principal, role: NewRole): Promise<Role> {
  checkOrganization(principal, role.organizationId)
  const permissions = cleanPermissions(role.permissions)
  await checkName(ctx, principal, role.name)
  try {
    const row = await insertRole(ctx.db, {
      organizationId: principal.organizationId,
      name: role.name,
      description: role.description ?? '',
      permissions,
    })
    return toRole(row, 0)
  } catch (error) {
    // Two makers at once: the (organization, name) constraint decides.
    if (isUniqueViolation(error)) throw conflict(`name: a role named ${role.name} already exists`)
    throw error
  }
}

export async function changeRole(ctx: AppContext, principal: Principal, changes: RoleChanges): Promise<Role> {
  checkOrganization(principal, changes.organizationId)
  const row = await roleOf(ctx, principal, changes.id)
  refuseBuiltIn(row, 'changed')
  const permissions = changes.permissions === undefined ? undefined : cleanPermissions(changes.permissions)
  if (changes.name !== undefined && changes.name !== row.name) await checkName(ctx, principal, changes.name, row.id)
  try {
    await updateRole(ctx.db, row.id, { name: changes.name, description: changes.description, permissions })
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`name: a role named ${changes.name} already exists`)
    throw error
  }
  return readRole(ctx, principal, row.id)
}

export async function removeRole(
  ctx: AppContext,
  principal: Principal,
  id: string,
  organizationId?: string,
): Promise<{ id: string; message: string }> {
  checkOrganization(principal, organizationId)
  const row = await roleOf(ctx, principal, id)
  refuseBuiltIn(row, 'deleted')
  await ctx.db.transaction().execute(async (trx) => {
    const holders = (await countRoleHolders(trx, principal.organizationId)).get(row.id) ?? 0
    if (holders > 0) {
      const who = holders === 1 ? '1 user holds it' : `${holders} users hold it`
      throw conflict(`The role ${row.name} cannot be deleted: ${who}. Give them another role first`)
    }
    await deleteRole(trx, principal.organizationId, row.id)
  })
  return { id: row.id, message: `Role ${row.name} deleted` }
}

/** Both dialects report a broken unique constraint by code. */
const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
