import type { AppContext } from '../context.js'
import { findUserByEmail } from '../db/repositories/users.repository.js'
import type { AccountTokenPurpose, UserRow } from '../db/tables.js'
import { createAccountLink } from './account-links.service.js'

export class AccountLinkRefused extends Error {}

/** What the account needs next: accepting its invitation, confirming its email, or a new password. */
function purposeFor(user: UserRow): AccountTokenPurpose {
  if (user.status === 'invited') return 'invite'
  if (user.status === 'unverified') return 'verify'
  if (user.status === 'disabled')
    throw new AccountLinkRefused(`The account ${user.email} is disabled; enable it before creating a link.`)
  if (user.is_sso === 1)
    throw new AccountLinkRefused(
      `The account ${user.email} signs in through single sign-on and has no password to reset.`,
    )
  return 'reset'
}

/**
 * The link an administrator hands over by hand when no mail server is set up: the same single-use,
 * expiring link the mail would carry (earlier ones of its kind stop working).
 */
export async function accountLinkFor(
  ctx: Pick<AppContext, 'db' | 'config'>,
  email: string,
): Promise<{ purpose: AccountTokenPurpose; link: string }> {
  const user = await findUserByEmail(ctx.db, email)
  if (!user) throw new AccountLinkRefused(`No account has the email ${email}.`)
  const purpose = purposeFor(user)
  return { purpose, link: await createAccountLink(ctx, user.id, purpose) }
}
