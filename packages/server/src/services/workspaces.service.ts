import { randomUUID } from 'node:crypto'
import {
  EMPTY_WORKSPACE_COUNTS,
  type DeletedWorkspace,
  type Workspace,
  type WorkspaceCounts,
  type WorkspaceUser,
} from '@weft/core'
import type { Principal } from '../auth/principal.js'
import type { AppContext } from '../context.js'
import { findBuiltInRole, findRoleForOrganization } from '../db/repositories/roles.repository.js'
import {
  countContents,
  countMembers,
  deleteMember,
  deleteWorkspaceRows,
  findOrganizationUser,
  findOrganizationWorkspace,
  findWorkspaceByName,
  insertMember,
  insertWorkspace,
  isWorkspaceMember,
  listMembers,
  listOrganizationWorkspaces,
  memberWorkspaceIds,
  setMemberRole,
  updateWorkspace as updateWorkspaceRow,
  workspaceFlowIds,
  type MemberRow,
} from '../db/repositories/workspaces.repository.js'
import type { Database, RoleRow, WorkspaceRow } from '../db/tables.js'
import { badRequest, conflict, notFound } from '../http-error.js'
import { removeKeptFiles } from './upload-storage.js'
import type { Kysely } from 'kysely'

export const WORKSPACE_NOT_FOUND = 'Workspace not found'
const ORGANIZATION_OWNER_ROLE = 'owner'

const toView = (row: WorkspaceRow, userCount: number, counts: WorkspaceCounts): Workspace => ({
  id: row.id,
  name: row.name,
  description: row.description,
  organizationId: row.organization_id,
  isDefault: row.is_default === 1,
  createdDate: row.created_at,
  updatedDate: row.updated_at,
  userCount,
  counts,
})

const toMember = (row: MemberRow): WorkspaceUser => {
  const isAdmin = row.is_admin === 1
  return {
    workspaceId: row.workspace_id,
    userId: row.user_id,
    roleId: row.role_id,
    status: row.status,
    lastLogin: row.last_login,
    createdDate: row.created_at,
    isOrgOwner: isAdmin,
    user: { id: row.user_id, name: row.user_name, email: row.user_email, status: row.user_status },
    role: { id: row.role_id, name: row.role_name ?? (isAdmin ? ORGANIZATION_OWNER_ROLE : 'member') },
    workspace: { id: row.workspace_id, name: row.workspace_name },
  }
}

/** Another organization reads as one that does not exist. */
function checkOrganization(principal: Principal, organizationId: string): void {
  if (organizationId !== principal.organizationId) throw notFound('Organization not found')
}

/**
 * The workspace if the caller may see it: any of the organization's for its admins, else only one
 * they are a member of. Anything else, another organization's included, answers 404.
 */
async function visibleWorkspace(ctx: AppContext, principal: Principal, id: string): Promise<WorkspaceRow> {
  const row = await findOrganizationWorkspace(ctx.db, principal.organizationId, id)
  if (!row) throw notFound(WORKSPACE_NOT_FOUND)
  // An API key is no person: it sees its own workspace only.
  if (principal.apiKeyId !== undefined) {
    if (id !== principal.workspaceId) throw notFound(WORKSPACE_NOT_FOUND)
    return row
  }
  if (!principal.isOrganizationAdmin && !(await isWorkspaceMember(ctx.db, id, principal.userId))) {
    throw notFound(WORKSPACE_NOT_FOUND)
  }
  return row
}

/** The ids of the workspaces the caller may see; undefined: all of the organization's. */
async function visibleIds(ctx: AppContext, principal: Principal): Promise<string[] | undefined> {
  if (principal.apiKeyId !== undefined) return [principal.workspaceId]
  if (principal.isOrganizationAdmin) return undefined
  return [...(await memberWorkspaceIds(ctx.db, principal.userId))]
}

async function withCounts(db: Kysely<Database>, rows: WorkspaceRow[]): Promise<Workspace[]> {
  const ids = rows.map((row) => row.id)
  const [members, contents] = await Promise.all([countMembers(db, ids), countContents(db, ids)])
  return rows.map((row) => toView(row, members.get(row.id) ?? 0, contents.get(row.id) ?? { ...EMPTY_WORKSPACE_COUNTS }))
}

export async function listWorkspaces(
  ctx: AppContext,
  principal: Principal,
  organizationId: string,
): Promise<Workspace[]> {
  checkOrganization(principal, organizationId)
  const rows = await listOrganizationWorkspaces(ctx.db, organizationId)
  const visible = await visibleIds(ctx, principal)
  return withCounts(ctx.db, visible ? rows.filter((row) => visible.includes(row.id)) : rows)
}

export async function getWorkspace(ctx: AppContext, principal: Principal, id: string): Promise<Workspace> {
  const [view] = await withCounts(ctx.db, [await visibleWorkspace(ctx, principal, id)])
  if (!view) throw notFound(WORKSPACE_NOT_FOUND)
  return view
}

async function checkNameFree(ctx: AppContext, principal: Principal, name: string, exceptId?: string): Promise<void> {
  if (await findWorkspaceByName(ctx.db, principal.organizationId, name, exceptId)) {
    throw conflict(`name: a workspace named '${name}' already exists in this organization`)
  }
}

/** Both dialects report a broken unique or primary key by code. */
const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/**
 * A new workspace of the caller's organization. Its creator is a member (a non-admin with the
 * role they hold in their active workspace), and so is the organization's owner, as in Flowise.
 */
export async function createWorkspace(
  ctx: AppContext,
  principal: Principal,
  input: { name: string; description: string },
): Promise<Workspace> {
  await checkNameFree(ctx, principal, input.name)
  const id = randomUUID()
  const now = new Date().toISOString()
  const organization = await ctx.db
    .selectFrom('organizations')
    .select('owner_id')
    .where('id', '=', principal.organizationId)
    .executeTakeFirstOrThrow()
  const creatorRole = principal.isOrganizationAdmin
    ? null
    : ((
        await ctx.db
          .selectFrom('workspace_users')
          .select('role_id')
          .where('workspace_id', '=', principal.workspaceId)
          .where('user_id', '=', principal.userId)
          .executeTakeFirst()
      )?.role_id ??
      (await findBuiltInRole(ctx.db, 'member'))?.id ??
      null)
  await ctx.db.transaction().execute(async (trx) => {
    await insertWorkspace(trx, { id, organizationId: principal.organizationId, ...input, now })
    await insertMember(trx, { workspaceId: id, userId: principal.userId, roleId: creatorRole, now })
    if (organization.owner_id !== principal.userId) {
      await insertMember(trx, { workspaceId: id, userId: organization.owner_id, roleId: null, now })
    }
  })
  return getWorkspace(ctx, principal, id)
}

export async function updateWorkspace(
  ctx: AppContext,
  principal: Principal,
  input: { id: string; name?: string | undefined; description?: string | undefined },
): Promise<Workspace> {
  await visibleWorkspace(ctx, principal, input.id)
  if (input.name !== undefined) await checkNameFree(ctx, principal, input.name, input.id)
  await updateWorkspaceRow(ctx.db, input.id, {
    name: input.name,
    description: input.description,
    now: new Date().toISOString(),
  })
  return getWorkspace(ctx, principal, input.id)
}

/**
 * Deletes a workspace with everything it holds, in one transaction; the default workspace stays.
 * Members whose active workspace it was keep their sessions and are asked to choose another.
 */
export async function deleteWorkspace(ctx: AppContext, principal: Principal, id: string): Promise<DeletedWorkspace> {
  const row = await visibleWorkspace(ctx, principal, id)
  if (row.is_default === 1) throw badRequest('id: the default workspace cannot be deleted')
  const fallback = (await listOrganizationWorkspaces(ctx.db, principal.organizationId)).find((w) => w.is_default === 1)
  if (!fallback) throw badRequest('id: the organization has no default workspace to keep its invitations in')
  const flowIds = await workspaceFlowIds(ctx.db, id)
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const members = (await countMembers(trx, [id])).get(id) ?? 0
    const counts = (await countContents(trx, [id])).get(id) ?? { ...EMPTY_WORKSPACE_COUNTS }
    await deleteWorkspaceRows(trx, id, fallback.id)
    return { ...counts, members }
  })
  // The chats' kept files are not rows: they go once the rows are gone.
  for (const flowId of flowIds) {
    await removeKeptFiles(ctx, flowId).catch((error: unknown) =>
      ctx.log.warn({ err: error, flowId }, 'Could not remove the files of a deleted workspace’s flow'),
    )
  }
  ctx.log.info({ workspaceId: id, deleted }, 'Deleted a workspace')
  return { id, name: row.name, deleted }
}

// ---- Members ----

export interface MemberQuery {
  workspaceId?: string | undefined
  userId?: string | undefined
  organizationId?: string | undefined
  roleId?: string | undefined
}

/** GET /workspaceuser: by workspace, user, organization or role, within what the caller may see. */
export async function listWorkspaceUsers(
  ctx: AppContext,
  principal: Principal,
  query: MemberQuery,
): Promise<WorkspaceUser[]> {
  if (!query.workspaceId && !query.userId && !query.organizationId && !query.roleId) {
    throw badRequest('querystring: give a workspaceId, userId, organizationId or roleId')
  }
  if (query.organizationId) checkOrganization(principal, query.organizationId)
  if (query.workspaceId) await visibleWorkspace(ctx, principal, query.workspaceId)
  const workspaceIds = await visibleIds(ctx, principal)
  const rows = await listMembers(ctx.db, {
    organizationId: principal.organizationId,
    ...(workspaceIds ? { workspaceIds } : {}),
    ...(query.workspaceId ? { workspaceId: query.workspaceId } : {}),
    ...(query.userId ? { userId: query.userId } : {}),
    ...(query.roleId ? { roleId: query.roleId } : {}),
  })
  return rows.map(toMember)
}

/** A role the members of this organization's workspaces may hold; the owner role is the admins'. */
async function assignableRole(ctx: AppContext, principal: Principal, roleId: string, field: string): Promise<RoleRow> {
  const role = await findRoleForOrganization(ctx.db, principal.organizationId, roleId)
  if (!role) throw badRequest(`${field}: no role ${roleId} in this organization`)
  if (role.organization_id === null && role.name === ORGANIZATION_OWNER_ROLE) {
    throw badRequest(`${field}: the owner role belongs to the organization’s admins; choose another role`)
  }
  return role
}

const memberLabel = (user: { name: string; email: string }) => (user.name ? `${user.name} (${user.email})` : user.email)

async function membersOf(ctx: AppContext, principal: Principal, workspaceId: string): Promise<WorkspaceUser[]> {
  return (await listMembers(ctx.db, { organizationId: principal.organizationId, workspaceId })).map(toMember)
}

/** PUT /workspaceuser: the member's role in that workspace. */
export async function updateWorkspaceUser(
  ctx: AppContext,
  principal: Principal,
  input: { workspaceId: string; userId: string; roleId: string },
): Promise<WorkspaceUser> {
  await visibleWorkspace(ctx, principal, input.workspaceId)
  const role = await assignableRole(ctx, principal, input.roleId, 'roleId')
  if (!(await setMemberRole(ctx.db, input.workspaceId, input.userId, role.id))) {
    throw notFound(`userId: ${input.userId} is not a member of this workspace`)
  }
  const member = (await membersOf(ctx, principal, input.workspaceId)).find((m) => m.userId === input.userId)
  if (!member) throw notFound(`userId: ${input.userId} is not a member of this workspace`)
  return member
}

/**
 * POST /workspace/link-users/{id}: adds users of the organization to the workspace, each with a
 * role (the built-in member role when none is given). All or nothing; answers the members.
 */
export async function linkUsers(
  ctx: AppContext,
  principal: Principal,
  workspaceId: string,
  users: readonly { userId: string; roleId?: string | undefined }[],
): Promise<WorkspaceUser[]> {
  await visibleWorkspace(ctx, principal, workspaceId)
  const seen = new Set<string>()
  const defaultRole = await findBuiltInRole(ctx.db, 'member')
  const additions: { userId: string; roleId: string | null }[] = []
  for (const [index, entry] of users.entries()) {
    const field = `users[${index}]`
    if (seen.has(entry.userId)) throw badRequest(`${field}.userId: ${entry.userId} is listed twice`)
    seen.add(entry.userId)
    const user = await findOrganizationUser(ctx.db, principal.organizationId, entry.userId)
    if (!user) throw badRequest(`${field}.userId: ${entry.userId} is not a user of this organization`)
    if (await isWorkspaceMember(ctx.db, workspaceId, entry.userId)) {
      throw conflict(`${field}.userId: ${memberLabel(user)} is already a member of this workspace`)
    }
    const roleId = entry.roleId
      ? (await assignableRole(ctx, principal, entry.roleId, `${field}.roleId`)).id
      : (defaultRole?.id ?? null)
    additions.push({ userId: entry.userId, roleId })
  }
  const now = new Date().toISOString()
  try {
    await ctx.db.transaction().execute(async (trx) => {
      for (const addition of additions) await insertMember(trx, { workspaceId, ...addition, now })
    })
  } catch (error) {
    // Someone added the same user at the same moment.
    if (isUniqueViolation(error)) throw conflict('users: one of the users is already a member of this workspace')
    throw error
  }
  return membersOf(ctx, principal, workspaceId)
}

/**
 * POST /workspace/unlink-users/{id} and DELETE /workspaceuser: removes members. The organization's
 * owner stays in every workspace. A removed member's session no longer reaches the workspace.
 */
export async function unlinkUsers(
  ctx: AppContext,
  principal: Principal,
  workspaceId: string,
  userIds: readonly string[],
): Promise<{ removed: WorkspaceUser[]; members: WorkspaceUser[] }> {
  await visibleWorkspace(ctx, principal, workspaceId)
  const organization = await ctx.db
    .selectFrom('organizations')
    .select('owner_id')
    .where('id', '=', principal.organizationId)
    .executeTakeFirstOrThrow()
  const members = await membersOf(ctx, principal, workspaceId)
  const removed: WorkspaceUser[] = []
  for (const [index, userId] of userIds.entries()) {
    const member = members.find((m) => m.userId === userId)
    if (!member) throw notFound(`userIds[${index}]: ${userId} is not a member of this workspace`)
    if (userId === organization.owner_id) {
      throw badRequest(
        `userIds[${index}]: ${memberLabel(member.user)} owns the organization and stays in every workspace`,
      )
    }
    removed.push(member)
  }
  await ctx.db.transaction().execute(async (trx) => {
    for (const userId of userIds) await deleteMember(trx, workspaceId, userId)
  })
  return { removed, members: await membersOf(ctx, principal, workspaceId) }
}
