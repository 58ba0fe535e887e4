import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { SandboxReply, SandboxRequest, SandboxWorkerData } from './sandbox-protocol.js'
import { timeLimitError, UserCodeError } from './user-code-error.js'

// User code runs on worker threads so that a loop, however long, never holds up the server's own
// thread: the server keeps answering while `threads` runs go on and up to `queue` more wait; past
// that a run is turned away at once. A stop (the Stop button, the client gone, the run's timeout)
// raises a flag the sandbox reads between instructions; a worker that still does not answer, or
// that crashes, is terminated and replaced. Workers start with the first run, not with the server.

export interface SandboxPoolOptions {
  /** Runs that go on at once, one worker thread each. */
  threads: number
  /** Runs that may wait for a free thread. */
  queue: number
  /** The worker's entry file: the sandbox worker unless a test gives its own. */
  workerUrl?: URL
  /** How long a run may go past its own time limit, or past a stop, before its worker is replaced. */
  graceMs?: number
  /** Private hosts the sandbox's `fetch` may reach (WEFT_ALLOWED_PRIVATE_HOSTS); none by default. */
  allowedPrivateHosts?: readonly string[]
}

export interface SandboxPool {
  /** Resolves with the JSON text the code's run answered; rejects with a UserCodeError, or the signal's reason. */
  run(request: Omit<SandboxRequest, 'stop'>, signal?: AbortSignal): Promise<string>
  /** Terminates the workers and fails the runs in hand; a later run starts new workers. */
  close(): Promise<void>
}

interface Job {
  request: SandboxRequest
  settle(outcome: { json: string } | { error: Error }): void
}

interface Slot {
  worker: Worker
  ready: boolean
  job?: Job
  watchdog?: NodeJS.Timeout
}

const DEFAULT_GRACE_MS = 1000
// A worker's own JavaScript heap holds little more than the answers' JSON text; QuickJS's memory
// is its WebAssembly memory, capped in quickjs-module.ts. Past this the worker dies and is replaced.
const WORKER_HEAP_MB = 128
// QuickJS checks its own stack (quickjs-module.ts), but its parser and JSON code recurse in C, whose
// WebAssembly frames sit on the thread's own stack: with Node's 4 MB, code nested 100,000 deep
// overflowed that stack before QuickJS noticed. With 16 MB, QuickJS's check comes first.
const WORKER_STACK_MB = 16

/**
 * Node runs the worker from JavaScript. Built, it sits beside this file; under Vitest this file is
 * the TypeScript source, and the worker comes from the build (`npm test` builds first).
 */
export function sandboxWorkerUrl(): URL {
  const beside = new URL('./sandbox-worker.js', import.meta.url)
  if (existsSync(fileURLToPath(beside))) return beside
  return new URL('../../dist/sandbox/sandbox-worker.js', import.meta.url)
}

/** The run's timeout stays a TimeoutError, so the engine can say the run took too long. */
const stopReason = (signal?: AbortSignal): Error =>
  signal?.reason instanceof Error ? signal.reason : new Error('The run was stopped')

export function createSandboxPool(options: SandboxPoolOptions): SandboxPool {
  const { threads, queue, graceMs = DEFAULT_GRACE_MS } = options
  const workerData: SandboxWorkerData = { allowedPrivateHosts: [...(options.allowedPrivateHosts ?? [])] }
  const workerUrl = options.workerUrl ?? sandboxWorkerUrl()
  const slots: Slot[] = []
  const waiting: Job[] = []

  const busyError = () =>
    new UserCodeError(
      `Weft is running too much custom code right now (${queue} ${queue === 1 ? 'run' : 'runs'} waiting); try again in a moment.`,
    )

  function spawn(): void {
    // execArgv: the worker needs none of the process's flags (`--input-type` would even stop it).
    const worker = new Worker(workerUrl, {
      execArgv: [],
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, stackSizeMb: WORKER_STACK_MB },
    })
    const slot: Slot = { worker, ready: false }
    slots.push(slot)
    worker.on('message', (reply: SandboxReply) => {
      if (reply.type === 'ready') slot.ready = true
      else finish(slot, reply)
      pump()
    })
    worker.on('error', (error) => lost(slot, error))
    worker.on('exit', (code) => lost(slot, new Error(`it exited with code ${code}`)))
  }

  /** The worker crashed or exited: its run fails, and a new worker takes its place when needed. */
  function lost(slot: Slot, cause: Error): void {
    if (!slots.includes(slot)) return
    if (!slot.ready && !slot.job) {
      // It never started (a missing build, say): starting another would fail the same way.
      discard(slot)
      const missing = !existsSync(fileURLToPath(workerUrl))
      const error = new Error(
        missing
          ? `The sandbox for custom code could not start: ${fileURLToPath(workerUrl)} is missing; run \`npm run build\`.`
          : `The sandbox for custom code could not start: ${cause.message}`,
      )
      for (const job of waiting.splice(0)) job.settle({ error })
      return
    }
    const job = slot.job
    discard(slot)
    job?.settle({ error: new UserCodeError(`The sandbox running the custom code crashed (${cause.message}).`) })
    pump()
  }

  function discard(slot: Slot): void {
    slots.splice(slots.indexOf(slot), 1)
    clearTimeout(slot.watchdog)
    slot.job = undefined
    void slot.worker.terminate()
  }

  function finish(slot: Slot, reply: Exclude<SandboxReply, { type: 'ready' }>): void {
    const job = slot.job
    clearTimeout(slot.watchdog)
    slot.job = undefined
    if (!job) return
    if (reply.type === 'done') job.settle({ json: reply.json })
    else if (reply.kind === 'user') job.settle({ error: new UserCodeError(reply.message) })
    else job.settle({ error: new Error(`The sandbox for custom code failed: ${reply.message}`) })
  }

  /** Gives the worker up when it has not answered `afterMs` from now: the loop did not see the flag. */
  function watch(slot: Slot, afterMs: number, error: Error): void {
    clearTimeout(slot.watchdog)
    slot.watchdog = setTimeout(() => {
      const job = slot.job
      discard(slot)
      job?.settle({ error })
      pump()
    }, afterMs)
  }

  /** Hands waiting runs to ready workers and starts the workers they still need. */
  function pump(): void {
    for (const slot of slots) {
      if (!slot.ready || slot.job) continue
      const job = waiting.shift()
      if (!job) break
      slot.job = job
      watch(slot, job.request.timeoutMs + graceMs, timeLimitError(job.request.timeoutMs))
      slot.worker.postMessage(job.request)
    }
    const starting = slots.filter((slot) => !slot.ready).length
    for (let needed = waiting.length - starting; needed > 0 && slots.length < threads; needed--) spawn()
    // An idle worker must not keep the process alive; one with work must.
    for (const slot of slots) {
      if (slot.job || !slot.ready) slot.worker.ref()
      else slot.worker.unref()
    }
  }

  function run(request: Omit<SandboxRequest, 'stop'>, signal?: AbortSignal): Promise<string> {
    if (signal?.aborted) return Promise.reject(stopReason(signal))
    const running = slots.filter((slot) => slot.job).length
    if (waiting.length >= queue + (threads - running)) return Promise.reject(busyError())
    return new Promise<string>((resolve, reject) => {
      const stop = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT))
      const onAbort = (): void => {
        Atomics.store(stop, 0, 1)
        const at = waiting.indexOf(job)
        if (at >= 0) waiting.splice(at, 1)
        const slot = slots.find((candidate) => candidate.job === job)
        if (slot) watch(slot, graceMs, new Error('The run was stopped'))
        job.settle({ error: stopReason(signal) })
      }
      const job: Job = {
        request: { ...request, stop },
        settle(outcome) {
          signal?.removeEventListener('abort', onAbort)
          if ('json' in outcome) resolve(outcome.json)
          else reject(outcome.error)
        },
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      waiting.push(job)
      pump()
    })
  }

  async function close(): Promise<void> {
    const error = new Error('Weft is shutting down: the custom code was stopped.')
    const jobs = [...waiting.splice(0), ...slots.flatMap((slot) => (slot.job ? [slot.job] : []))]
    const workers = slots.map((slot) => slot.worker)
    for (const slot of [...slots]) discard(slot)
    for (const job of jobs) job.settle({ error })
    await Promise.all(workers.map((worker) => worker.terminate()))
  }

  return { run, close }
}
