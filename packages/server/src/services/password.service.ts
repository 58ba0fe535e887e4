import type { AppContext } from '../context.js'
import { hashPassword } from '../auth/passwords.js'
import { recordLoginActivity } from '../db/repositories/login-activity.repository.js'
import { revokeUserSessions } from '../db/repositories/sessions.repository.js'
import { findUserByEmail, findUserById, updateUser } from '../db/repositories/users.repository.js'
import { badRequest } from '../http-error.js'
import { consumeAccountLink, sendAccountLink } from './account-links.service.js'

/** Answers the same whether or not the address has an account, so it reveals nothing. */
export async function forgotPassword(ctx: AppContext, email: string): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx.db, email)
  if (user && user.status === 'active' && user.is_sso === 0) await sendAccountLink(ctx, user, 'reset')
  return { message: 'If this email has an account, a link to reset the password is on its way.' }
}

/** Sets a new password and ends every session of the account, wherever it was open. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<{ message: string }> {
  const userId = await consumeAccountLink(ctx, 'reset', token)
  const user = await findUserById(ctx.db, userId)
  if (!user || user.status !== 'active') throw badRequest('This link is invalid or has expired')
  const now = new Date().toISOString()
  await updateUser(ctx.db, userId, { password_hash: await hashPassword(password), updated_at: now })
  await revokeUserSessions(ctx.db, userId, now)
  await recordLoginActivity(ctx.db, {
    userId,
    email: user.email,
    kind: 'password_reset',
    message: 'Password reset by e-mail link',
    ip: null,
    userAgent: null,
  })
  return { message: 'Your password is changed. Sign in with the new one.' }
}
