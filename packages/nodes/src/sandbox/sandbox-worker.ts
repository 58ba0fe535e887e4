import { readlinkSync } from 'node:fs'
import { constants, setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { createOutboundGuard } from '../net/outbound-guard.js'
import { loadQuickJS, runInQuickJS } from './run-in-quickjs.js'
import type { SandboxReply, SandboxRequest, SandboxWorkerData } from './sandbox-protocol.js'
import { UserCodeError } from './user-code-error.js'

// The entry of a sandbox worker thread: it compiles QuickJS, says it is ready, then runs one
// request at a time and answers each. The pool it reports to is in sandbox-pool.ts.

const port = parentPort
if (!port) throw new Error('sandbox-worker.js runs as a worker thread of the sandbox pool')

// The sandbox's `fetch` goes out only through the outbound guard, with the server's own allowed hosts.
const { allowedPrivateHosts = [] } = (workerData ?? {}) as Partial<SandboxWorkerData>
const outbound = createOutboundGuard({ allowedPrivateHosts })

async function answer({ code, globalsJson, timeoutMs, stop, fetch }: SandboxRequest): Promise<SandboxReply> {
  try {
    const stopped = () => Atomics.load(stop, 0) !== 0
    const guarded = fetch === false ? undefined : outbound.fetch
    const json = await runInQuickJS({ code, globalsJson, timeoutMs, stopped, fetch: guarded })
    return { type: 'done', json }
  } catch (error) {
    const kind = error instanceof UserCodeError ? 'user' : 'internal'
    return { type: 'failed', kind, message: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * Linux gives each thread its own nice value: this one's is raised, so when user code keeps every
 * core busy, the server's own thread still gets the CPU first and keeps answering (see
 * bench/sandbox-liveness.mjs). Elsewhere, or when not allowed, the thread keeps the normal priority.
 */
function yieldToTheServer(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (Number.isInteger(threadId)) setPriority(threadId, constants.priority.PRIORITY_BELOW_NORMAL)
  } catch {
    // not Linux, or not allowed
  }
}

yieldToTheServer()
await loadQuickJS()
port.on('message', (request: SandboxRequest) => {
  void answer(request).then((reply) => port.postMessage(reply))
})
port.postMessage({ type: 'ready' } satisfies SandboxReply)
