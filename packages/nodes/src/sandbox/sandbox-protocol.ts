// What the pool and a sandbox worker say to each other. A worker runs one request at a time.

export interface SandboxRequest {
  code: string
  /** The globals as JSON text: only JSON values ever reach user code. */
  globalsJson: string
  timeoutMs: number
  /** Whether the code gets `fetch` (through the outbound guard); true when left out. */
  fetch?: boolean
  /** Shared with the pool: set to 1 when the run is stopped; the sandbox reads it between instructions. */
  stop: Int32Array
}

/** Given to each worker as it starts. */
export interface SandboxWorkerData {
  /** WEFT_ALLOWED_PRIVATE_HOSTS: what the sandbox's `fetch` may still reach, as for every other outbound call. */
  allowedPrivateHosts: readonly string[]
}

export type SandboxReply =
  /** Sent once, when the worker has compiled QuickJS and can take runs. */
  | { type: 'ready' }
  /** What the code returned, as JSON text (`{ "value": … }`). */
  | { type: 'done'; json: string }
  /** `user`: the code's own failure (a UserCodeError); `internal`: the sandbox's. */
  | { type: 'failed'; kind: 'user' | 'internal'; message: string }
