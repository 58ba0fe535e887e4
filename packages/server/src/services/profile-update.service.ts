import type { User } from '@weft/core'
import type { AppContext } from '../context.js'
import type { Principal } from '../auth/principal.js'
import { hashPassword, verifyPassword } from '../auth/passwords.js'
import { findUserByEmail, findUserById, normalizeEmail, updateUser } from '../db/repositories/users.repository.js'
import type { UserRow } from '../db/tables.js'
import { badRequest, conflict, forbidden, notFound } from '../http-error.js'
import { loadProfile } from './profile.service.js'

export interface ProfileUpdate {
  name?: string | undefined
  email?: string | undefined
  oldPassword?: string | undefined
  newPassword?: string | undefined
}

/** Tells the address an account leaves that it was moved, so its owner notices a take-over. */
async function mailEmailChanged(ctx: AppContext, user: UserRow, newEmail: string): Promise<void> {
  const link = `${ctx.config.publicUrl}/forgot-password`
  await ctx.mailer.send({
    to: user.email,
    subject: 'The email of your Weft account was changed',
    text:
      `The email of your Weft account was changed from ${user.email} to ${newEmail}; this address no longer signs in.\n\n` +
      `If you did not do this, reset your password at once and ask your organization's admin to restore the address:\n\n${link}\n`,
    link,
  })
}

/**
 * The signed-in user's own profile change. A new email or a new password needs the current
 * password, so a session left open (or stolen) cannot move the account away; the old address is
 * told of a new email.
 */
export async function updateOwnProfile(ctx: AppContext, principal: Principal, change: ProfileUpdate): Promise<User> {
  if (principal.isSSO) throw forbidden('SSO users cannot update their profile here; their provider manages it')
  const user = await findUserById(ctx.db, principal.userId)
  if (!user) throw notFound('User not found')
  const { name, oldPassword, newPassword } = change
  const asked = change.email ? normalizeEmail(change.email) : undefined
  const email = asked !== user.email ? asked : undefined
  if (email && !oldPassword) throw badRequest('oldPassword: is required to change the email')
  if ((email || newPassword) && !(await verifyPassword(user.password_hash, oldPassword ?? ''))) {
    throw badRequest('oldPassword: the current password is incorrect')
  }
  // After the password, so that only the account's owner learns which addresses are taken.
  if (email && (await findUserByEmail(ctx.db, email)))
    throw conflict('email: another account already uses this address')
  await updateUser(ctx.db, user.id, {
    ...(name ? { name } : {}),
    ...(email ? { email } : {}),
    ...(newPassword ? { password_hash: await hashPassword(newPassword) } : {}),
    updated_at: new Date().toISOString(),
  })
  // The change is made: a mail server that is down must not make the answer say otherwise.
  if (email)
    await mailEmailChanged(ctx, user, email).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'The notice of an email change was not sent'),
    )
  const updated = await findUserById(ctx.db, user.id)
  if (!updated) throw notFound('User not found')
  return (await loadProfile(ctx, updated, principal.workspaceId)).user
}
