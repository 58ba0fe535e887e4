// What the pool and a sandbox worker say to each other. A worker runs one request at a time.

export interface SandboxRequest {
  code: string
  /** The globals as JSON text: only JSON values ever reach user code. */
  globalsJson: string
  timeoutMs: number
  /** Shared with the pool: set to 1 when the run is stopped; the sandbox reads it between instructions. */
  stop: Int32Array
}

export type SandboxReply =
  /** Sent once, when the worker has compiled QuickJS and can take runs. */
  | { type: 'ready' }
  /** What the code returned, as JSON text (`{ "value": … }`). */
  | { type: 'done'; json: string }
  /** `user`: the code's own failure (a UserCodeError); `internal`: the sandbox's. */
  | { type: 'failed'; kind: 'user' | 'internal'; message: string }
