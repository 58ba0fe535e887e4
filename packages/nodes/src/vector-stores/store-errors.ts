import { markFailure, redactSecrets, secretsToRedact } from '@weft/core'
import { OutboundConnectionRefused } from '../net/outbound-tcp.js'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'

// Errors of the vector database SDKs, told in the node's words: the guard's refusal passed on as it
// is (an SDK wraps it in its own connection error), anything else prefixed with the store's label
// and with the credential's secrets blanked out, since an SDK or server may repeat what it was sent.

function refusalIn(error: unknown): Error | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    if (cause instanceof OutboundRequestRefused || cause instanceof OutboundConnectionRefused) return cause
    cause = cause.cause
  }
  return undefined
}

/** The error to throw for `error`, met by the store `label` while holding these secrets. */
export function storeError(label: string, error: unknown, secrets: readonly (string | undefined)[]): Error {
  const refusal = refusalIn(error)
  if (refusal) return refusal
  const message = error instanceof Error ? error.message : String(error)
  const hidden = secretsToRedact(secrets.filter((secret): secret is string => Boolean(secret)))
  const text = redactSecrets(message, hidden)
  // The store's server failed, unless what the SDK threw says otherwise.
  return markFailure(new Error(text.startsWith(`${label}`) ? text : `${label}: ${text}`, { cause: error }), 'service')
}

/** Runs `work`, throwing its failure as storeError tells it. */
export async function asStoreError<T>(
  label: string,
  secrets: readonly (string | undefined)[],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw storeError(label, error, secrets)
  }
}
