import { failureKindOf, FAILURE_STATUS, hideServerFolders, type InputOption } from '@weft/core'
import { HttpError } from '../http-error.js'

/** How long a load method may take before the caller gets an answer without it. */
export const LOAD_METHOD_TIMEOUT_MS = 5_000

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Runs a node's load method with a deadline. The method gets an AbortSignal to stop its own
 * work, but the answer does not wait for it to obey. A method that fails is the provider behind
 * it failing (unreachable, refusing the credential), not the request: 502 with its message, unless
 * the error says the node's inputs are to fix (a missing file, a refused address: its kind's 4xx);
 * one past the deadline: 504. Messages never name the server's `folders`.
 */
export async function runLoadMethod(
  load: (signal: AbortSignal) => Promise<InputOption[]>,
  timeoutMs = LOAD_METHOD_TIMEOUT_MS,
  folders: readonly string[] = [],
): Promise<InputOption[]> {
  const signal = AbortSignal.timeout(timeoutMs)
  const deadline = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
  try {
    return await Promise.race([load(signal), deadline])
  } catch (error) {
    if (signal.aborted) throw new HttpError(504, `Loading the options took longer than ${timeoutMs / 1000} s`)
    const kind = failureKindOf(error)
    const status = kind === 'request' || kind === 'configuration' || kind === 'timeout' ? FAILURE_STATUS[kind] : 502
    throw new HttpError(status, hideServerFolders(`Could not load the options: ${messageOf(error)}`, folders))
  }
}
