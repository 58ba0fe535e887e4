import { ACCOUNT_DISABLED, type LoginResponse } from '@weft/core'
import type { AppContext } from '../context.js'
import { hashPassword, verifyPassword } from '../auth/passwords.js'
import { recordLoginActivity, type LoginActivityKind } from '../db/repositories/login-activity.repository.js'
import { findUserByEmail, updateUser } from '../db/repositories/users.repository.js'
import type { UserRow } from '../db/tables.js'
import { unauthorized } from '../http-error.js'
import { loadProfile, toLoginResponse } from './profile.service.js'
import { startSession, type ClientInfo, type SessionTokens } from './sessions.service.js'

export const WRONG_CREDENTIALS = 'Incorrect email or password'

/** Verified against when the e-mail is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined
const decoy = () => (decoyHash ??= hashPassword('weft-decoy-password'))

/** The login response for a session that was just opened or refreshed. */
export async function loginResponse(ctx: AppContext, user: UserRow, tokens: SessionTokens): Promise<LoginResponse> {
  return toLoginResponse(await loadProfile(ctx, user, tokens.workspaceId), tokens.accessToken)
}

/** Checks the password and opens a session in the user's default workspace. */
export async function login(
  ctx: AppContext,
  email: string,
  password: string,
  client: ClientInfo,
): Promise<{ response: LoginResponse; tokens: SessionTokens }> {
  const user = await findUserByEmail(ctx.db, email)
  const passwordOk = await verifyPassword(user?.password_hash ?? (await decoy()), password)
  // The login activity says which check refused; the answer never does (no telling which addresses exist).
  const refuse = async (kind: LoginActivityKind, message: string, recorded = message) => {
    await recordLoginActivity(ctx.db, { userId: user?.id ?? null, email, kind, message: recorded, ...client })
    return unauthorized(message)
  }
  if (!user) throw await refuse('unknown_email', WRONG_CREDENTIALS, 'No account has this e-mail')
  if (!passwordOk) throw await refuse('wrong_password', WRONG_CREDENTIALS, 'Wrong password')
  if (user.status === 'unverified') throw await refuse('unverified', 'Please verify your email before signing in')
  if (user.status !== 'active') throw await refuse('account_disabled', ACCOUNT_DISABLED)

  const lastLogin = new Date().toISOString()
  await updateUser(ctx.db, user.id, { last_login: lastLogin })
  const profile = await loadProfile(ctx, { ...user, last_login: lastLogin })
  const tokens = await startSession(ctx, user.id, profile.user.activeWorkspaceId, client)
  await recordLoginActivity(ctx.db, {
    userId: user.id,
    email: user.email,
    kind: 'login',
    message: 'Signed in',
    ...client,
  })
  return { response: toLoginResponse(profile, tokens.accessToken), tokens }
}

/** A sign-in refused by the login backoff (too many wrong passwords for the address). */
export async function recordLockedOut(ctx: AppContext, email: string, message: string, client: ClientInfo) {
  const user = await findUserByEmail(ctx.db, email)
  await recordLoginActivity(ctx.db, { userId: user?.id ?? null, email, kind: 'locked', message, ...client })
}
