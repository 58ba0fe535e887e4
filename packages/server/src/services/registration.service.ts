import type { AppContext } from '../context.js'
import { findUserByEmail, findUserById, updateUser } from '../db/repositories/users.repository.js'
import { badRequest } from '../http-error.js'
import { consumeAccountLink, sendAccountLink } from './account-links.service.js'
import { acceptInvitation } from './invitations.service.js'
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
  if (r.token) return acceptInvitation(ctx, { ...r, token: r.token })
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
