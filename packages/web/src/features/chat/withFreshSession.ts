import { ApiError } from '../../api/ApiError'

/**
 * Runs `call`; if the session token had expired, lets the app's client renew it through
 * `signedInCall` (any request it makes as the user) and runs `call` once more. The stream is read
 * outside that client, so it cannot renew the session by itself.
 */
export async function withFreshSession<T>(call: () => Promise<T>, signedInCall: () => Promise<unknown>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!isExpired(error)) throw error
    await signedInCall()
    return call()
  }
}

const isExpired = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 401 &&
  typeof error.body === 'object' &&
  error.body !== null &&
  (error.body as { message?: unknown }).message === 'Token Expired'
