import { createSandboxPool, type SandboxPool } from './sandbox-pool.js'
import { UserCodeError } from './user-code-error.js'

export { UserCodeError }

export interface UserCodeLimits {
  /** Milliseconds of running time; default 1000. */
  timeoutMs?: number
  /** Aborting stops the code at its next instruction (the run was stopped). */
  signal?: AbortSignal
  /** Whether the code gets `fetch`, which goes through the outbound guard; default true. */
  fetch?: boolean
}

export interface SandboxSettings {
  /** Runs of user code that go on at once, each on its own worker thread. */
  threads: number
  /** Runs that may wait for a thread; past that a run fails at once with a "busy" UserCodeError. */
  queue: number
  /** WEFT_ALLOWED_PRIVATE_HOSTS: the private hosts the code's `fetch` may reach, as every outbound call may. */
  allowedPrivateHosts?: readonly string[]
}

const DEFAULT_TIMEOUT_MS = 1000

// One pool per process, so the limits hold for the whole server, whichever node runs the code.
let settings: SandboxSettings = { threads: 2, queue: 64, allowedPrivateHosts: [] }
let pool: SandboxPool | undefined

/** Sets the pool's size (the server calls it once at start, from its config). */
export function configureSandbox(next: SandboxSettings): void {
  const allowedPrivateHosts = [...(next.allowedPrivateHosts ?? [])]
  const same =
    next.threads === settings.threads &&
    next.queue === settings.queue &&
    allowedPrivateHosts.join(',') === settings.allowedPrivateHosts?.join(',')
  if (same) return
  settings = { threads: next.threads, queue: next.queue, allowedPrivateHosts }
  void pool?.close()
  pool = undefined
}

/** Terminates the sandbox's worker threads (on server close); a later run starts new ones. */
export async function closeSandbox(): Promise<void> {
  const closing = pool
  pool = undefined
  await closing?.close()
}

/**
 * Runs `code` as the body of an async function with `globals` (JSON values, e.g. `$input`, `$vars`)
 * as global variables and a `fetch` that goes through the outbound guard (unless `limits.fetch` is
 * false), on a sandbox worker thread, and resolves with what it returns (JSON-serialisable;
 * undefined when it returns nothing). Rejects with a UserCodeError naming the problem, or with the
 * signal's reason when the run is stopped.
 */
export async function runUserCode(
  code: string,
  globals: Record<string, unknown>,
  limits: UserCodeLimits = {},
): Promise<unknown> {
  pool ??= createSandboxPool(settings)
  const timeoutMs = limits.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const request = { code, globalsJson: JSON.stringify(globals), timeoutMs, fetch: limits.fetch ?? true }
  const json = await pool.run(request, limits.signal)
  return (JSON.parse(json) as { value?: unknown }).value
}
