import type { FastifyReply, FastifyRequest } from 'fastify'
import { normalizeEmail } from '../db/repositories/users.repository.js'
import { HttpError } from '../http-error.js'
import { WRONG_CREDENTIALS } from '../services/login.service.js'
import type { Counters } from '../shared/counters.js'
import type { LoginBackoff } from './login-backoff.js'

const email = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined
  return typeof body?.email === 'string' ? normalizeEmail(body.email) : ''
}

/**
 * Guessing passwords takes many calls: these routes allow a few a minute per client address and
 * account. Client addresses come from `request.ip`, which believes X-Forwarded-For only from the
 * proxies WEFT_TRUST_PROXY names; sign-in also waits per account (`signInWithBackoff`), whatever
 * the address. The counts are in memory, or in Redis in queue mode (`SharedState.rateLimit`).
 */
export const SIGN_IN_LIMIT = {
  max: 20,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `${request.ip}|${email(request)}`,
}

const inWords = (seconds: number): string =>
  seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`

/** Mails to one address in an hour, whichever account mail it is (verification, reset, invitation). */
export const MAIL_LIMIT = { max: 3, windowMs: 60 * 60 * 1000 }

/**
 * Mails to one address, whoever asks and from wherever: a stranger cannot flood someone's inbox.
 * Every call counts, for unknown addresses too, so the answer never tells whether an account exists.
 * One count per address is shared by every route that mails an account link (a preHandler, run
 * after the caller is authenticated); @fastify/rate-limit keeps a count per route, which would let
 * each route send its own three. The count is the app's shared counters' (in Redis in queue mode).
 */
export function mailLimit(counters: Counters) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { count, resetInMs } = await counters.hit(`mail|${email(request)}`, MAIL_LIMIT.windowMs)
    if (count <= MAIL_LIMIT.max) return
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000))
    reply.header('retry-after', String(seconds))
    throw new HttpError(429, `Too many emails were asked for this address. Try again in ${inWords(seconds)}.`)
  }
}

/**
 * Runs a sign-in under the account's backoff. While the account waits, no password is checked,
 * not even the right one: otherwise guessing would go on at full speed. The wait is short and
 * capped (`loginWaitMs`), so a stranger can slow the owner down but not lock them out. Unknown
 * addresses count like real ones, so the answer never tells whether an account exists.
 */
export async function signInWithBackoff<T>(
  backoff: LoginBackoff,
  address: string,
  reply: FastifyReply,
  signIn: () => Promise<T>,
): Promise<T> {
  const account = normalizeEmail(address)
  const waitMs = await backoff.startAttempt(account)
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000)
    reply.header('retry-after', String(seconds))
    throw new HttpError(429, `Too many wrong passwords for this account. Wait ${inWords(seconds)}, then sign in again.`)
  }
  try {
    const result = await signIn()
    await backoff.succeeded(account)
    return result
  } catch (error) {
    // A right password refused for another reason (unverified, disabled) is not guessing either.
    const rightPassword = error instanceof HttpError && error.statusCode === 401 && error.message !== WRONG_CREDENTIALS
    if (rightPassword) await backoff.succeeded(account)
    throw error
  }
}
