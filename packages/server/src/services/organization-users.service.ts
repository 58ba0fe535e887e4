import type { InviteOptions, OrganizationUser, OrganizationUserStatus, PendingInvitation } from '@weft/core'
import type { AppContext } from '../context.js'
import type { Principal } from '../auth/principal.js'
import { latestInviteExpiry, listInvitations, type InvitationRow } from '../db/repositories/invitations.repository.js'
import {
  countActiveAdmins,
  deleteOrganizationUserRows,
  findOrganizationUserRow,
  listOrganizationUsers,
  listUserWorkspaces,
  organizationIdsOf,
  organizationOwnerId,
  setOrganizationAdmin,
  setOrganizationUserStatus,
  type OrganizationUserRow,
  type UserWorkspaceRow,
} from '../db/repositories/organization-users.repository.js'
import { findBuiltInRole } from '../db/repositories/roles.repository.js'
import { revokeUserSessions } from '../db/repositories/sessions.repository.js'
import {
  findOrganizationWorkspace,
  isWorkspaceMember,
  setMemberRole,
} from '../db/repositories/workspaces.repository.js'
import { badRequest, conflict, forbidden, notFound } from '../http-error.js'
import { deleteInvitedAccount, invitableRole } from './invitations.service.js'

export const ORGANIZATION_NOT_FOUND = 'organizationId: organization not found'
const ADMIN_ROLE_NAME = 'owner'

const statusOf = (row: OrganizationUserRow): OrganizationUserStatus =>
  row.status === 'invited'
    ? 'invited'
    : row.status === 'disabled' || row.link_status === 'disabled'
      ? 'disabled'
      : 'active'

const labelOf = (row: { name: string; email: string }) => (row.name ? `${row.name} (${row.email})` : row.email)

/** Another organization reads as one that does not exist. */
function checkOrganization(principal: Principal, organizationId: string | undefined): void {
  if (organizationId !== undefined && organizationId !== principal.organizationId)
    throw notFound(ORGANIZATION_NOT_FOUND)
}

async function toViews(
  ctx: AppContext,
  principal: Principal,
  rows: OrganizationUserRow[],
  userId?: string,
): Promise<OrganizationUser[]> {
  const [workspaces, invitations, ownerId] = await Promise.all([
    listUserWorkspaces(ctx.db, principal.organizationId, userId),
    listInvitations(ctx.db, principal.organizationId),
    organizationOwnerId(ctx.db, principal.organizationId),
  ])
  const byUser = new Map<string, UserWorkspaceRow[]>()
  for (const w of workspaces) byUser.set(w.user_id, [...(byUser.get(w.user_id) ?? []), w])
  const invitationOf = new Map<string, InvitationRow>(invitations.map((i) => [i.user_id, i]))
  const now = new Date().toISOString()
  const views: OrganizationUser[] = []
  for (const row of rows) {
    const isAdmin = row.is_admin === 1
    const links = (byUser.get(row.user_id) ?? []).map((w) => ({
      workspaceId: w.workspace_id,
      workspaceName: w.workspace_name,
      roleId: w.role_id,
      roleName: w.role_name ?? (isAdmin ? ADMIN_ROLE_NAME : 'member'),
      lastLogin: w.last_login,
    }))
    const active = links.find((w) => w.workspaceId === principal.workspaceId)
    const pending = row.status === 'invited' ? invitationOf.get(row.user_id) : undefined
    let invitation: PendingInvitation | null = null
    if (row.status === 'invited') {
      const expiresAt = (await latestInviteExpiry(ctx.db, row.user_id)) ?? null
      invitation = {
        invitedBy:
          pending?.invited_by && pending.inviter_email
            ? { id: pending.invited_by, name: pending.inviter_name ?? '', email: pending.inviter_email }
            : null,
        invitedAt: pending?.created_at ?? row.created_at,
        sentAt: pending?.sent_at ?? row.created_at,
        expiresAt,
        expired: expiresAt !== null && expiresAt <= now,
      }
    }
    views.push({
      organizationId: row.organization_id,
      userId: row.user_id,
      roleId: row.role_id,
      status: statusOf(row),
      isOrganizationAdmin: isAdmin,
      isOrgOwner: row.user_id === ownerId,
      createdDate: row.created_at,
      lastLogin: row.last_login,
      user: { id: row.user_id, name: row.name, email: row.email, status: row.status, lastLogin: row.last_login },
      role: active ? { id: active.roleId, name: active.roleName } : null,
      workspaces: links,
      invitation,
    })
  }
  return views
}

/** GET /organizationuser?organizationId[&userId] or ?userId: the organization's users. */
export async function listUsers(
  ctx: AppContext,
  principal: Principal,
  query: { organizationId?: string | undefined; userId?: string | undefined },
): Promise<OrganizationUser[] | OrganizationUser> {
  if (!query.organizationId && !query.userId) throw badRequest('querystring: give an organizationId, a userId or both')
  checkOrganization(principal, query.organizationId)
  const rows = await listOrganizationUsers(ctx.db, principal.organizationId, query.userId)
  const views = await toViews(ctx, principal, rows, query.userId)
  if (query.organizationId && query.userId) {
    // Flowise answers one organization user for both ids.
    const [view] = views
    if (!view) throw notFound(`userId: no user ${query.userId} in this organization`)
    return view
  }
  return views
}

async function viewOf(ctx: AppContext, principal: Principal, userId: string): Promise<OrganizationUser> {
  const row = await findOrganizationUserRow(ctx.db, principal.organizationId, userId)
  if (!row) throw notFound(`userId: no user ${userId} in this organization`)
  const [view] = await toViews(ctx, principal, [row], userId)
  if (!view) throw notFound(`userId: no user ${userId} in this organization`)
  return view
}

/** Refuses what would leave the organization without an active admin. */
async function keepAnAdmin(
  ctx: AppContext,
  principal: Principal,
  target: OrganizationUserRow,
  what: string,
): Promise<void> {
  const isActiveAdmin = target.is_admin === 1 && statusOf(target) === 'active'
  if (isActiveAdmin && (await countActiveAdmins(ctx.db, principal.organizationId)) <= 1) {
    throw conflict(
      `${labelOf(target)} is the organization’s last admin and cannot be ${what}. Make another user an organization admin first.`,
    )
  }
}

export interface OrganizationUserUpdate {
  organizationId: string
  userId: string
  status?: 'active' | 'disabled' | undefined
  /** The user's role in `workspaceId` (the caller's active workspace when not given). */
  roleId?: string | undefined
  workspaceId?: string | undefined
  isOrganizationAdmin?: boolean | undefined
}

/**
 * PUT /organizationuser: disables or enables a user (a disabled user's sessions end and the next
 * call answers 401 saying so), changes their role in a workspace, or makes them an organization
 * admin or not. The organization keeps at least one active admin; nobody disables themselves.
 */
export async function updateUser(
  ctx: AppContext,
  principal: Principal,
  input: OrganizationUserUpdate,
): Promise<OrganizationUser> {
  checkOrganization(principal, input.organizationId)
  if (input.status === undefined && input.roleId === undefined && input.isOrganizationAdmin === undefined) {
    throw badRequest('body: give a status, a roleId or isOrganizationAdmin to change')
  }
  const target = await findOrganizationUserRow(ctx.db, principal.organizationId, input.userId)
  if (!target) throw notFound(`userId: no user ${input.userId} in this organization`)
  const invited = target.status === 'invited'
  const now = new Date().toISOString()

  if (input.isOrganizationAdmin !== undefined && input.isOrganizationAdmin !== (target.is_admin === 1)) {
    if (!principal.isOrganizationAdmin)
      throw forbidden('isOrganizationAdmin: only organization admins may make or unmake organization admins')
    if (invited) throw conflict(`isOrganizationAdmin: ${target.email} has not accepted the invitation yet`)
    if (!input.isOrganizationAdmin) await keepAnAdmin(ctx, principal, target, 'made a non-admin')
  }
  if (input.status !== undefined && input.status !== statusOf(target)) {
    if (invited)
      throw conflict(`status: ${target.email} has not accepted the invitation yet: resend or revoke it instead`)
    if (input.status === 'disabled') {
      if (input.userId === principal.userId) throw badRequest('status: you cannot disable your own account')
      if (target.is_admin === 1 && !principal.isOrganizationAdmin) {
        throw forbidden('status: only organization admins may disable an organization admin')
      }
      await keepAnAdmin(ctx, principal, target, 'disabled')
    }
  }
  let roleChange: { workspaceId: string; roleId: string } | undefined
  if (input.roleId !== undefined) {
    const workspaceId = input.workspaceId ?? principal.workspaceId
    const workspace = await findOrganizationWorkspace(ctx.db, principal.organizationId, workspaceId)
    if (!workspace) throw notFound(`workspaceId: no workspace ${workspaceId} in this organization`)
    if (!principal.isOrganizationAdmin && !(await isWorkspaceMember(ctx.db, workspaceId, principal.userId))) {
      throw notFound(`workspaceId: no workspace ${workspaceId} in this organization`)
    }
    if (!(await isWorkspaceMember(ctx.db, workspaceId, input.userId))) {
      throw notFound(`userId: ${labelOf(target)} is not a member of the workspace ${workspace.name}`)
    }
    const role = await invitableRole(ctx, principal.organizationId, input.roleId)
    roleChange = { workspaceId, roleId: role.id }
  }

  if (input.isOrganizationAdmin !== undefined && input.isOrganizationAdmin !== (target.is_admin === 1)) {
    await setOrganizationAdmin(ctx.db, principal.organizationId, input.userId, input.isOrganizationAdmin)
    if (!input.isOrganizationAdmin) {
      // Admins hold no role in their workspaces; a former admin gets the member role where they had none.
      const member = await findBuiltInRole(ctx.db, 'member')
      await ctx.db
        .updateTable('workspace_users')
        .set({ role_id: member?.id ?? null })
        .where('user_id', '=', input.userId)
        .where('role_id', 'is', null)
        .where('workspace_id', 'in', (eb) =>
          eb.selectFrom('workspaces').select('id').where('organization_id', '=', principal.organizationId),
        )
        .execute()
    }
  }
  if (input.status !== undefined && input.status !== statusOf(target)) {
    await setOrganizationUserStatus(ctx.db, principal.organizationId, input.userId, input.status)
    await ctx.db
      .updateTable('users')
      .set({ status: input.status, updated_at: now })
      .where('id', '=', input.userId)
      .execute()
    // Sign-in refuses a disabled account and every open session stops at its next call.
    if (input.status === 'disabled') await revokeUserSessions(ctx.db, input.userId, now)
  }
  if (roleChange) {
    await setMemberRole(ctx.db, roleChange.workspaceId, input.userId, roleChange.roleId)
    if (invited) {
      await ctx.db
        .updateTable('invitations')
        .set({ role_id: roleChange.roleId })
        .where('user_id', '=', input.userId)
        .execute()
    }
  }
  return viewOf(ctx, principal, input.userId)
}

/**
 * DELETE /organizationuser?organizationId&userId: removes a user from the organization (an invited
 * one: revokes the invitation). Their workspace links go and their sessions end; an account that
 * belongs to no other organization goes too, so the address can be invited again.
 */
export async function removeUser(
  ctx: AppContext,
  principal: Principal,
  input: { organizationId: string; userId: string },
): Promise<{ message: string }> {
  checkOrganization(principal, input.organizationId)
  const target = await findOrganizationUserRow(ctx.db, principal.organizationId, input.userId)
  if (!target) throw notFound(`userId: no user ${input.userId} in this organization`)
  if (target.status === 'invited') {
    await deleteInvitedAccount(ctx.db, principal.organizationId, target.user_id)
    return { message: `Invitation for ${target.email} revoked` }
  }
  if (input.userId === principal.userId) throw badRequest('userId: you cannot remove yourself from the organization')
  await keepAnAdmin(ctx, principal, target, 'removed')
  if (input.userId === (await organizationOwnerId(ctx.db, principal.organizationId))) {
    throw conflict(`${labelOf(target)} created the organization and cannot be removed from it`)
  }
  if (target.is_admin === 1 && !principal.isOrganizationAdmin) {
    throw forbidden('userId: only organization admins may remove an organization admin')
  }
  const now = new Date().toISOString()
  await ctx.db.transaction().execute(async (trx) => {
    await deleteOrganizationUserRows(trx, principal.organizationId, input.userId)
    await revokeUserSessions(trx, input.userId, now)
  })
  if ((await organizationIdsOf(ctx.db, input.userId)).length === 0) {
    await ctx.db.deleteFrom('users').where('id', '=', input.userId).execute()
  }
  return { message: `${labelOf(target)} was removed from the organization` }
}

/** What the Invite dialog offers: the workspaces the caller may invite into and the roles a member may get. */
export async function inviteOptions(ctx: AppContext, principal: Principal): Promise<InviteOptions> {
  let workspaces = ctx.db
    .selectFrom('workspaces')
    .select(['workspaces.id', 'workspaces.name'])
    .where('workspaces.organization_id', '=', principal.organizationId)
  if (!principal.isOrganizationAdmin) {
    workspaces = workspaces.where('workspaces.id', 'in', (eb) =>
      eb.selectFrom('workspace_users').select('workspace_id').where('user_id', '=', principal.userId),
    )
  }
  const roles = await ctx.db
    .selectFrom('roles')
    .select(['id', 'name', 'description', 'organization_id'])
    .where((eb) => eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', principal.organizationId)]))
    .execute()
  const builtInOrder = ['admin', 'member', 'viewer']
  const rank = (r: { name: string; organization_id: string | null }) =>
    r.organization_id === null
      ? builtInOrder.indexOf(r.name) + (builtInOrder.includes(r.name) ? 0 : builtInOrder.length)
      : 100
  const offered = roles
    .filter((r) => !(r.organization_id === null && r.name === ADMIN_ROLE_NAME))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
  return {
    workspaces: await workspaces
      .orderBy('workspaces.is_default', 'desc')
      .orderBy('workspaces.created_at')
      .orderBy('workspaces.id')
      .execute(),
    roles: offered.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      builtIn: r.organization_id === null,
    })),
    defaultRoleId: offered.find((r) => r.organization_id === null && r.name === 'member')?.id ?? null,
    activeWorkspaceId: principal.workspaceId,
  }
}
