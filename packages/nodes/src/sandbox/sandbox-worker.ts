import { parentPort } from 'node:worker_threads'
import { loadQuickJS, runInQuickJS } from './run-in-quickjs.js'
import type { SandboxReply, SandboxRequest } from './sandbox-protocol.js'
import { UserCodeError } from './user-code-error.js'

// The entry of a sandbox worker thread: it compiles QuickJS, says it is ready, then runs one
// request at a time and answers each. The pool it reports to is in sandbox-pool.ts.

const port = parentPort
if (!port) throw new Error('sandbox-worker.js runs as a worker thread of the sandbox pool')

async function answer({ code, globalsJson, timeoutMs, stop }: SandboxRequest): Promise<SandboxReply> {
  try {
    const json = await runInQuickJS({ code, globalsJson, timeoutMs, stopped: () => Atomics.load(stop, 0) !== 0 })
    return { type: 'done', json }
  } catch (error) {
    const kind = error instanceof UserCodeError ? 'user' : 'internal'
    return { type: 'failed', kind, message: error instanceof Error ? error.message : String(error) }
  }
}

await loadQuickJS()
port.on('message', (request: SandboxRequest) => {
  void answer(request).then((reply) => port.postMessage(reply))
})
port.postMessage({ type: 'ready' } satisfies SandboxReply)
