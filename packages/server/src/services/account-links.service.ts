import { randomUUID } from 'node:crypto'
import type { AppContext } from '../context.js'
import { hashToken, randomToken } from '../auth/secrets.js'
import {
  consumeAccountToken,
  insertAccountToken,
  retireAccountTokens,
} from '../db/repositories/account-tokens.repository.js'
import type { AccountTokenPurpose } from '../db/tables.js'
import { badRequest } from '../http-error.js'

interface LinkKind {
  seconds: number
  page: string
  subject: string
  text: (link: string) => string
}

const HOUR = 60 * 60

const LINKS: Record<AccountTokenPurpose, LinkKind> = {
  verify: {
    seconds: 24 * HOUR,
    page: '/verify',
    subject: 'Verify your Weft account',
    text: (link) => `Welcome to Weft. Confirm your email address by opening this link within 24 hours:\n\n${link}\n`,
  },
  reset: {
    seconds: HOUR / 2,
    page: '/reset-password',
    subject: 'Reset your Weft password',
    text: (link) =>
      `Someone asked to reset the password of your Weft account. If it was you, open this link within 30 minutes:\n\n${link}\n\nIf it was not, ignore this mail: your password stays as it is.\n`,
  },
  invite: {
    seconds: 7 * 24 * HOUR,
    page: '/register',
    subject: 'You are invited to Weft',
    text: (link) => `You have been invited to a Weft workspace. Create your account within 7 days:\n\n${link}\n`,
  },
}

/** Mails a single-use, expiring link; earlier links of the same purpose stop working. */
export async function sendAccountLink(
  ctx: AppContext,
  user: { id: string; email: string },
  purpose: AccountTokenPurpose,
): Promise<void> {
  const link = await createAccountLink(ctx, user.id, purpose)
  const kind = LINKS[purpose]
  await ctx.mailer.send({ to: user.email, subject: kind.subject, text: kind.text(link), link })
}

/** A new single-use, expiring link for the user; earlier links of the same purpose stop working. */
export async function createAccountLink(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: string,
  purpose: AccountTokenPurpose,
): Promise<string> {
  const kind = LINKS[purpose]
  const token = randomToken()
  const now = new Date()
  await retireAccountTokens(ctx.db, userId, purpose, now.toISOString())
  await insertAccountToken(ctx.db, {
    id: randomUUID(),
    userId,
    purpose,
    tokenHash: hashToken(token),
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + kind.seconds * 1000).toISOString(),
  })
  return `${ctx.config.publicUrl}${kind.page}?token=${encodeURIComponent(token)}`
}

/** Uses a link's token once; answers 400 when it is unknown, used or expired. */
export async function consumeAccountLink(
  ctx: AppContext,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<string> {
  const userId = await consumeAccountToken(ctx.db, purpose, hashToken(token), new Date().toISOString())
  if (!userId) throw badRequest('This link is invalid or has expired')
  return userId
}
