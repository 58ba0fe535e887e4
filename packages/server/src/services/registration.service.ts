import { randomUUID } from 'node:crypto'
import type { AppContext } from '../context.js'
import { hashPassword } from '../auth/passwords.js'
import { findRoleForOrganization, findBuiltInRole } from '../db/repositories/roles.repository.js'
import { findUserByEmail, findUserById, insertUser, updateUser } from '../db/repositories/users.repository.js'
import { badRequest, conflict } from '../http-error.js'
import { consumeAccountLink, sendAccountLink } from './account-links.service.js'
import { createOrganization } from './organization.service.js'

export interface Registration {
  name: string
  email: string
  password: string
  token?: string | undefined
}

/**
 * With an invite token: completes the invited account. Without one: only the cloud edition lets
 * anybody sign up (a new organization, verified by e-mail); self-hosted editions are invite-only.
 */
export async function register(ctx: AppContext, r: Registration): Promise<{ message: string }> {
  if (r.token) {
    const userId = await consumeAccountLink(ctx, 'invite', r.token)
    const user = await findUserById(ctx.db, userId)
    if (!user || user.status !== 'invited') throw badRequest('This link is invalid or has expired')
    await updateUser(ctx.db, user.id, {
      name: r.name,
      password_hash: await hashPassword(r.password),
      status: 'active',
      updated_at: new Date().toISOString(),
    })
    return { message: 'Your account is ready. You can sign in now.' }
  }
  if (ctx.config.platform !== 'cloud') {
    throw badRequest('Registration is by invitation only. Ask an administrator of your organization for an invite.')
  }
  const { userId } = await createOrganization(ctx, { ...r, status: 'unverified' })
  await sendAccountLink(ctx, { id: userId, email: r.email }, 'verify')
  return { message: 'Check your email: we sent you a link to verify your account.' }
}

export async function verifyEmail(ctx: AppContext, token: string): Promise<{ message: string }> {
  const userId = await consumeAccountLink(ctx, 'verify', token)
  const user = await findUserById(ctx.db, userId)
  if (user?.status === 'unverified') {
    await updateUser(ctx.db, userId, { status: 'active', updated_at: new Date().toISOString() })
  }
  return { message: 'Your email is verified. You can sign in now.' }
}

/** Answers the same whether or not the address has an account, so it reveals nothing. */
export async function resendVerification(ctx: AppContext, email: string): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx.db, email)
  if (user?.status === 'unverified') await sendAccountLink(ctx, user, 'verify')
  return { message: 'If this email has an account waiting for verification, a new link is on its way.' }
}

export interface Invitation {
  email: string
  name?: string | undefined
  roleId?: string | undefined
  organizationId: string
  workspaceId: string
}

/** Creates an invited account in the inviter's workspace and mails the link that completes it. */
export async function invite(ctx: AppContext, i: Invitation): Promise<{ message: string; id: string }> {
  if (await findUserByEmail(ctx.db, i.email)) throw conflict('An account with this email already exists')
  const role = i.roleId
    ? await findRoleForOrganization(ctx.db, i.organizationId, i.roleId)
    : await findBuiltInRole(ctx.db, 'member')
  if (!role) throw badRequest('roleId: no such role in this organization')
  const now = new Date().toISOString()
  const id = randomUUID()
  await ctx.db.transaction().execute(async (trx) => {
    await insertUser(trx, {
      id,
      email: i.email,
      name: i.name ?? '',
      password_hash: null,
      status: 'invited',
      is_sso: 0,
      last_login: null,
      created_at: now,
      updated_at: now,
    })
    await trx
      .insertInto('organization_users')
      .values({ organization_id: i.organizationId, user_id: id, role_id: role.id, is_admin: 0, status: 'active', created_at: now })
      .execute()
    await trx
      .insertInto('workspace_users')
      .values({ workspace_id: i.workspaceId, user_id: id, role_id: role.id, status: 'active', last_login: null, created_at: now })
      .execute()
  })
  await sendAccountLink(ctx, { id, email: i.email }, 'invite')
  return { message: `Invitation sent to ${i.email}`, id }
}
