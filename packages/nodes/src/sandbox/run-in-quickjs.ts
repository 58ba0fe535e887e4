import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { createFetchBridge } from './fetch-bridge.js'
import { createHostBridge } from './host-bridge.js'
import { discardQuickJS, loadQuickJS, STACK_BYTES } from './quickjs-module.js'
import { describeFailure, readOutcome } from './sandbox-outcome.js'
import { SANDBOX_RUNNER } from './sandbox-runner.js'
import { timeLimitError, UserCodeError } from './user-code-error.js'

export { loadQuickJS } from './quickjs-module.js'

// User code (custom tools, custom functions, if/else code) runs in QuickJS compiled to WebAssembly:
// a separate JavaScript engine with its own heap, so the code sees no `process`, file system or
// network of the host (its `require` gives only the sandbox's own shims, see shims/modules.ts),
// and a loop or a memory bomb is stopped by limits instead of hurting the server.
// This file runs inside a sandbox worker thread (see sandbox-pool.ts), so a run blocks only that thread.
//
// Only text crosses: the globals and the code go in as strings, the runner (sandbox-runner.ts)
// answers one line of text, and its `fetch` talks to the host's bridge in JSON text. The host never
// reads an object of the sandbox, so no getter, Proxy or toJSON of the user's runs on the host's
// side. The run is a loop: run QuickJS's promise jobs; when the code waits for a fetch, wait for the
// answer (the time limit and the stop flag still count), hand it in, and run the jobs again.

/** Promise jobs run in batches, so a flood of them still meets the time limit between batches. */
const JOB_BATCH = 1000
/**
 * A run's promise jobs, at most. A flood of chained promises fills QuickJS's memory after about
 * 170,000 jobs, and an out-of-memory inside a job only rejects that job's promise, so the flood
 * would end quietly and the run look fine; the limit stops it first, with a message saying why.
 */
const MAX_JOBS = 100_000
/** Of a value QuickJS itself threw past the runner, this much of its message is read. */
const MAX_UNCAUGHT_CHARS = 2000
const STACK_OVERFLOW = { name: 'InternalError', message: 'stack overflow' }

export interface QuickJSRun {
  code: string
  /** JSON text of an object whose keys become global variables. */
  globalsJson: string
  /** The run's whole time: running and waiting for its requests. */
  timeoutMs: number
  /** Stops the code at its next instruction when true. */
  stopped: () => boolean
  /** The outbound guard's fetch that the sandbox's `fetch` goes through; without it the code has no `fetch`. */
  fetch?: OutboundFetch
}

/**
 * Runs the code as the body of an async function with the globals, and answers what it returns as
 * JSON text `{ "value": … }`. Throws a UserCodeError naming the problem when the code fails.
 */
export async function runInQuickJS({ code, globalsJson, timeoutMs, stopped, fetch }: QuickJSRun): Promise<string> {
  const module = await loadQuickJS()
  const deadline = Date.now() + timeoutMs
  const runtime = module.newRuntime({ maxStackSizeBytes: STACK_BYTES })
  runtime.setInterruptHandler(() => Date.now() > deadline || stopped())
  const context = runtime.newContext()
  const bridge = fetch ? createFetchBridge(context, fetch) : undefined

  // Checked before anything the sandbox says is believed: past the limit, the run has failed.
  const over = (): UserCodeError | undefined => {
    if (stopped()) return new UserCodeError('The run was stopped')
    if (Date.now() > deadline) return timeLimitError(timeoutMs)
    return undefined
  }
  const host = createHostBridge(context, () => over() !== undefined)
  const throwIfOver = () => {
    const error = over()
    if (error) throw error
  }
  // Only QuickJS's own errors (interrupted, out of memory) get past the runner's catch.
  const explain = (thrown: QuickJSHandle): Error => {
    try {
      return over() ?? describeFailure(readUncaught(context, thrown))
    } finally {
      thrown.dispose()
    }
  }
  let jobsRun = 0
  const runJobs = () => {
    do {
      throwIfOver()
      const jobs = runtime.executePendingJobs(JOB_BATCH)
      if (jobs.error) throw explain(jobs.error)
      jobsRun += jobs.value
      if (jobsRun > MAX_JOBS) {
        throw new UserCodeError(`Custom code ran more than ${MAX_JOBS.toLocaleString('en')} promise jobs`)
      }
    } while (runtime.hasPendingJob())
    throwIfOver()
  }

  let healthy = true
  let promise: QuickJSHandle | undefined
  try {
    promise = startRunner(
      context,
      { globalsJson, code, fetch: bridge?.handle ?? context.undefined, host: host.handle },
      explain,
    )
    for (;;) {
      runJobs()
      const state = context.getPromiseState(promise)
      if (state.type === 'fulfilled') return state.value.consume((value) => readOutcome(readText(context, value)))
      if (state.type === 'rejected') throw explain(state.error)
      if (!bridge || bridge.pending() === 0) {
        throw new UserCodeError('Custom code did not finish: it waits for something that never happens.')
      }
      await bridge.wait(deadline, stopped)
      throwIfOver()
      try {
        bridge.deliver()
      } catch (error) {
        throw over() ?? error
      }
    }
  } catch (error) {
    // A UserCodeError is the code's doing; anything else is the module's and it is replaced.
    if (!(error instanceof UserCodeError)) healthy = false
    // QuickJS's C code recursed past this thread's own stack before its own check (see sandbox-pool.ts).
    if (error instanceof RangeError && /call stack/i.test(error.message)) throw describeFailure(STACK_OVERFLOW)
    throw error
  } finally {
    // A module that failed is dropped whole (its WebAssembly memory with it); freeing its runtime
    // would only trip QuickJS's own assertions on the state the failure left.
    if (healthy) {
      try {
        promise?.dispose()
        bridge?.dispose()
        host.dispose()
        context.dispose()
        runtime.dispose()
      } catch {
        healthy = false
      }
    }
    if (!healthy) discardQuickJS()
  }
}

interface RunnerArguments {
  globalsJson: string
  code: string
  /** The fetch bridge, or undefined. */
  fetch: QuickJSHandle
  /** The host bridge of the require shims. */
  host: QuickJSHandle
}

/** Calls the runner with the globals, the code and the bridges; the user's code starts here. */
function startRunner(
  context: QuickJSContext,
  { globalsJson, code, fetch, host }: RunnerArguments,
  explain: (thrown: QuickJSHandle) => Error,
): QuickJSHandle {
  const runner = context.evalCode(SANDBOX_RUNNER, 'weft-runner.js')
  if (runner.error) throw explain(runner.error)
  const globals = context.newString(globalsJson)
  const source = context.newString(code)
  try {
    const called = context.callFunction(runner.value, context.undefined, globals, source, fetch, host)
    if (called.error) throw explain(called.error)
    return called.value
  } finally {
    runner.value.dispose()
    globals.dispose()
    source.dispose()
  }
}

function readText(context: QuickJSContext, handle: QuickJSHandle): string {
  if (context.typeof(handle) !== 'string') throw new Error('the sandbox runner answered something other than text')
  return context.getString(handle)
}

/** Name and message of what QuickJS threw, read as text only; a part that cannot be read stays empty. */
function readUncaught(context: QuickJSContext, thrown: QuickJSHandle): { name: string; message: string } {
  const text = (handle: QuickJSHandle) =>
    context.typeof(handle) === 'string' ? context.getString(handle).slice(0, MAX_UNCAUGHT_CHARS) : ''
  const part = (key: string) => {
    try {
      return context.getProp(thrown, key).consume(text)
    } catch {
      return ''
    }
  }
  if (context.typeof(thrown) === 'string') return { name: '', message: text(thrown) }
  if (context.typeof(thrown) !== 'object') return { name: '', message: context.typeof(thrown) }
  if (context.sameValue(thrown, context.null)) return { name: '', message: 'null' }
  return { name: part('name'), message: part('message') }
}
