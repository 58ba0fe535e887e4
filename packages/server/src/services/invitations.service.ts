import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { InvitationPreview } from '@weft/core'
import type { AppContext } from '../context.js'
import type { Principal } from '../auth/principal.js'
import { hashPassword } from '../auth/passwords.js'
import { hashToken } from '../auth/secrets.js'
import { consumeAccountToken } from '../db/repositories/account-tokens.repository.js'
import {
  deleteInvitation,
  findInviteToken,
  markInvitationSent,
  saveInvitation,
} from '../db/repositories/invitations.repository.js'
import { organizationIdsOf } from '../db/repositories/organization-users.repository.js'
import { findBuiltInRole, findRoleForOrganization } from '../db/repositories/roles.repository.js'
import { findUserByEmail, findUserById, insertUser, normalizeEmail } from '../db/repositories/users.repository.js'
import { findOrganizationWorkspace, isWorkspaceMember } from '../db/repositories/workspaces.repository.js'
import type { Database, RoleRow, UserRow, WorkspaceRow } from '../db/tables.js'
import { badRequest, conflict, notFound } from '../http-error.js'
import { createAccountLink } from './account-links.service.js'

/** The answers an invitation link gets once it can no longer be used; registration changes nothing then. */
export const INVITE_UNKNOWN =
  'This invitation link is not valid: it was revoked or mistyped. Ask an organization admin for a new invitation.'
export const INVITE_USED = 'This invitation was already used. Sign in with your e-mail and password.'
export const INVITE_REPLACED =
  'This invitation link was replaced by a newer one. Open the link in the latest invitation mail.'
export const INVITE_EXPIRED = 'This invitation has expired. Ask an organization admin to send it again.'

/** The built-in role a new member gets when the invitation names none. */
const DEFAULT_ROLE = 'member'
/** The built-in role of the organization's admins: it is given by making someone an admin, not by inviting. */
const OWNER_ROLE = 'owner'

export interface InviteInput {
  email: string
  name?: string | undefined
  /** Defaults to the inviter's active workspace. */
  workspaceId?: string | undefined
  /** Defaults to the built-in member role. */
  roleId?: string | undefined
}

export interface InviteAnswer {
  message: string
  /** The invited account's id (its userId in GET /organizationuser). */
  id: string
  email: string
  workspaceId: string
  roleId: string
}

const label = (user: { name: string; email: string }) => (user.name ? `${user.name} (${user.email})` : user.email)

/**
 * A workspace the caller may invite into: one of the organization's, and for a non-admin holding
 * users:manage only one they are a member of. Anything else reads as missing (404).
 */
async function invitableWorkspace(ctx: AppContext, principal: Principal, workspaceId: string): Promise<WorkspaceRow> {
  const workspace = await findOrganizationWorkspace(ctx.db, principal.organizationId, workspaceId)
  const visible =
    workspace && (principal.isOrganizationAdmin || (await isWorkspaceMember(ctx.db, workspaceId, principal.userId)))
  if (!workspace || !visible) throw notFound(`workspaceId: no workspace ${workspaceId} in this organization`)
  return workspace
}

/** A role an invited member may get: a built-in one or the organization's own, never the admins' owner role. */
export async function invitableRole(
  ctx: AppContext,
  organizationId: string,
  roleId: string | undefined,
  field = 'roleId',
): Promise<RoleRow> {
  const role = roleId
    ? await findRoleForOrganization(ctx.db, organizationId, roleId)
    : await findBuiltInRole(ctx.db, DEFAULT_ROLE)
  if (!role)
    throw badRequest(
      roleId ? `${field}: no role ${roleId} in this organization` : `${field}: the built-in member role is missing`,
    )
  if (role.organization_id === null && role.name === OWNER_ROLE) {
    throw badRequest(`${field}: the owner role belongs to the organization’s admins; choose another role`)
  }
  return role
}

/** Puts the invited account in exactly one workspace of the organization with the role; run inside a transaction. */
async function placeInvitedAccount(
  trx: Kysely<Database>,
  p: { userId: string; organizationId: string; workspaceId: string; roleId: string; now: string },
): Promise<void> {
  await trx
    .deleteFrom('workspace_users')
    .where('user_id', '=', p.userId)
    .where('workspace_id', 'in', (eb) =>
      eb.selectFrom('workspaces').select('id').where('organization_id', '=', p.organizationId),
    )
    .execute()
  await trx
    .insertInto('workspace_users')
    .values({
      workspace_id: p.workspaceId,
      user_id: p.userId,
      role_id: p.roleId,
      status: 'active',
      last_login: null,
      created_at: p.now,
    })
    .execute()
  await trx
    .updateTable('organization_users')
    .set({ role_id: p.roleId })
    .where('organization_id', '=', p.organizationId)
    .where('user_id', '=', p.userId)
    .execute()
}

/** Mails a new invitation link (earlier links of the account stop working). */
async function mailInvitation(
  ctx: AppContext,
  principal: Principal,
  invited: { id: string; email: string },
  place: { workspace: string; role: string },
): Promise<void> {
  const link = await createAccountLink(ctx, invited.id, 'invite')
  const [inviter, organization] = await Promise.all([
    principal.userId ? findUserById(ctx.db, principal.userId) : undefined,
    ctx.db.selectFrom('organizations').select('name').where('id', '=', principal.organizationId).executeTakeFirst(),
  ])
  const who = inviter ? label(inviter) : 'An administrator'
  const where = `the workspace ${place.workspace}${organization ? ` of ${organization.name}` : ''}`
  const text =
    `${who} invited you to ${where} on Weft, as ${place.role}.\n\n` +
    `Open this link within 7 days to set your name and password:\n\n${link}\n\n` +
    `If you did not expect this invitation, ignore this mail.\n`
  await ctx.mailer.send({ to: invited.email, subject: 'You are invited to Weft', text, link })
  await markInvitationSent(ctx.db, invited.id, new Date().toISOString())
}

/**
 * POST /account/invite: invites an address into a workspace of the caller's organization with a
 * role. A new address gets an invited account (status 'invited'); an address whose invitation is
 * still pending gets it replaced (the new workspace, role and link; the old link stops working).
 * An address that is already a member, or has an account elsewhere, answers 409 naming it.
 */
export async function invite(ctx: AppContext, principal: Principal, input: InviteInput): Promise<InviteAnswer> {
  const email = normalizeEmail(input.email)
  const workspace = await invitableWorkspace(ctx, principal, input.workspaceId ?? principal.workspaceId)
  const role = await invitableRole(ctx, principal.organizationId, input.roleId)
  const existing = await findUserByEmail(ctx.db, email)
  if (existing) {
    const organizations = await organizationIdsOf(ctx.db, existing.id)
    const here = organizations.includes(principal.organizationId)
    if (!here) throw conflict(`email: ${email} already has a Weft account in another organization`)
    if (existing.status !== 'invited') throw conflict(`email: ${email} is already a member of this organization`)
  }
  const now = new Date().toISOString()
  const id = existing?.id ?? randomUUID()
  await ctx.db.transaction().execute(async (trx) => {
    if (existing) {
      if (input.name !== undefined)
        await trx.updateTable('users').set({ name: input.name, updated_at: now }).where('id', '=', id).execute()
    } else {
      await insertUser(trx, {
        id,
        email,
        name: input.name ?? '',
        password_hash: null,
        status: 'invited',
        is_sso: 0,
        last_login: null,
        created_at: now,
        updated_at: now,
      })
      await trx
        .insertInto('organization_users')
        .values({
          organization_id: principal.organizationId,
          user_id: id,
          role_id: role.id,
          is_admin: 0,
          status: 'active',
          created_at: now,
        })
        .execute()
    }
    await placeInvitedAccount(trx, {
      userId: id,
      organizationId: principal.organizationId,
      workspaceId: workspace.id,
      roleId: role.id,
      now,
    })
    await saveInvitation(trx, {
      userId: id,
      organizationId: principal.organizationId,
      workspaceId: workspace.id,
      roleId: role.id,
      invitedBy: principal.userId || null,
      now,
    })
  })
  await mailInvitation(ctx, principal, { id, email }, { workspace: workspace.name, role: role.name })
  const verb = existing ? 'Invitation to' : 'Invitation sent to'
  return {
    message: existing ? `${verb} ${email} replaced and sent again` : `${verb} ${email}`,
    id,
    email,
    workspaceId: workspace.id,
    roleId: role.id,
  }
}

/** The caller's organization's invited account with this address, or 404 naming it. */
async function pendingInvitation(ctx: AppContext, principal: Principal, address: string): Promise<UserRow> {
  const email = normalizeEmail(address)
  const user = await findUserByEmail(ctx.db, email)
  const here = user ? (await organizationIdsOf(ctx.db, user.id)).includes(principal.organizationId) : false
  if (!user || !here) throw notFound(`email: no invitation for ${email} in this organization`)
  if (user.status !== 'invited') throw conflict(`email: ${email} has already accepted the invitation`)
  return user
}

/** POST /account/invite/resend: a new link for a pending invitation, to the same workspace and role. */
export async function resendInvitation(
  ctx: AppContext,
  principal: Principal,
  address: string,
): Promise<{ message: string }> {
  const user = await pendingInvitation(ctx, principal, address)
  const link = await ctx.db
    .selectFrom('workspace_users')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_users.workspace_id')
    .leftJoin('roles', 'roles.id', 'workspace_users.role_id')
    .select(['workspaces.name as workspace', 'roles.name as role'])
    .where('workspace_users.user_id', '=', user.id)
    .where('workspaces.organization_id', '=', principal.organizationId)
    .executeTakeFirst()
  await mailInvitation(ctx, principal, user, {
    workspace: link?.workspace ?? 'a workspace',
    role: link?.role ?? DEFAULT_ROLE,
  })
  return { message: `Invitation sent again to ${user.email}` }
}

/** DELETE /account/invite?email=: the invited account goes, with its links; its mailed link stops working. */
export async function revokeInvitation(
  ctx: AppContext,
  principal: Principal,
  address: string,
): Promise<{ message: string }> {
  const user = await pendingInvitation(ctx, principal, address)
  await deleteInvitedAccount(ctx.db, principal.organizationId, user.id)
  return { message: `Invitation for ${user.email} revoked` }
}

/** Removes an invited account from the organization; the account itself goes when it belongs nowhere else. */
export async function deleteInvitedAccount(
  db: Kysely<Database>,
  organizationId: string,
  userId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('workspace_users')
      .where('user_id', '=', userId)
      .where('workspace_id', 'in', (eb) =>
        eb.selectFrom('workspaces').select('id').where('organization_id', '=', organizationId),
      )
      .execute()
    await trx
      .deleteFrom('organization_users')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .execute()
    await deleteInvitation(trx, userId)
    const elsewhere = await trx
      .selectFrom('organization_users')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (!elsewhere) {
      await trx.deleteFrom('account_tokens').where('user_id', '=', userId).execute()
      await trx.deleteFrom('users').where('id', '=', userId).where('status', '=', 'invited').execute()
    }
  })
}

/** The invited account an unused, unexpired link is for; otherwise 400 saying why it cannot be used. */
async function usableInvite(ctx: AppContext, token: string): Promise<UserRow> {
  const found = await findInviteToken(ctx.db, hashToken(token))
  const user = found ? await findUserById(ctx.db, found.user_id) : undefined
  if (!found || !user) throw badRequest(INVITE_UNKNOWN)
  if (user.status !== 'invited') throw badRequest(INVITE_USED)
  if (found.used_at !== null) throw badRequest(INVITE_REPLACED)
  if (found.expires_at <= new Date().toISOString()) throw badRequest(INVITE_EXPIRED)
  return user
}

/** GET /account/invite?token=: the invitation a link carries, for the registration page. Uses nothing up. */
export async function previewInvitation(ctx: AppContext, token: string): Promise<InvitationPreview> {
  const user = await usableInvite(ctx, token)
  const found = await findInviteToken(ctx.db, hashToken(token))
  const place = await ctx.db
    .selectFrom('organization_users')
    .innerJoin('organizations', 'organizations.id', 'organization_users.organization_id')
    .leftJoin('invitations', 'invitations.user_id', 'organization_users.user_id')
    .leftJoin('workspaces', 'workspaces.id', 'invitations.workspace_id')
    .leftJoin('roles', 'roles.id', 'invitations.role_id')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .select([
      'organizations.name as organization',
      'workspaces.name as workspace',
      'roles.name as role',
      'inviter.name as inviterName',
      'inviter.email as inviterEmail',
    ])
    .where('organization_users.user_id', '=', user.id)
    .executeTakeFirst()
  return {
    email: user.email,
    name: user.name,
    organization: place?.organization ?? '',
    workspace: place?.workspace ?? '',
    role: place?.role ?? DEFAULT_ROLE,
    invitedBy: place?.inviterEmail ? label({ name: place.inviterName ?? '', email: place.inviterEmail }) : null,
    expiresAt: found?.expires_at ?? '',
  }
}

/**
 * POST /account/register with an invitation token: the invited person sets a name and password;
 * the account becomes active in the invited workspace with the invited role. A link that cannot be
 * used (expired, used, replaced, revoked) answers 400 saying so and changes nothing.
 */
export async function acceptInvitation(
  ctx: AppContext,
  r: { name: string; email: string; password: string; token: string },
): Promise<{ message: string }> {
  const user = await usableInvite(ctx, r.token)
  if (normalizeEmail(r.email) !== user.email) throw badRequest(`email: this invitation is for ${user.email}`)
  const passwordHash = await hashPassword(r.password)
  const now = new Date().toISOString()
  const used = await ctx.db.transaction().execute(async (trx) => {
    // Marks the link used in the same statement that checks it, so two tabs cannot both use it.
    const userId = await consumeAccountToken(trx, 'invite', hashToken(r.token), now)
    if (userId !== user.id) return false
    await trx
      .updateTable('users')
      .set({ name: r.name, password_hash: passwordHash, status: 'active', updated_at: now })
      .where('id', '=', user.id)
      .where('status', '=', 'invited')
      .execute()
    await deleteInvitation(trx, user.id)
    return true
  })
  if (!used) throw badRequest(INVITE_USED)
  return { message: 'Your account is ready. You can sign in now.' }
}
