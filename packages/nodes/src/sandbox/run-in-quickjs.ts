import releaseSync from '@jitl/quickjs-wasmfile-release-sync'
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type CustomizeVariantOptions,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSSyncVariant,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core'
import { timeLimitError, UserCodeError } from './user-code-error.js'

// User code (custom tools, custom functions, if/else code) runs in QuickJS compiled to WebAssembly:
// a separate JavaScript engine with its own heap, so the code sees no `require`, `process`, file
// system or network, and a loop or a memory bomb is stopped by limits instead of hurting the server.
// This file runs inside a sandbox worker thread (see sandbox-pool.ts), so a run blocks only that thread.
//
// Memory: QuickJS's own limit only counts 8 bytes per allocation in this build (malloc_usable_size
// is missing), so it cannot stop a big string or array. The limit is the WebAssembly memory itself,
// created with a maximum: past it, malloc fails inside QuickJS, which throws "out of memory". Code
// runs synchronously, so one run at a time owns that memory; every run gets a fresh runtime.

const PAGE_BYTES = 64 * 1024
/** The module starts with 16 MB (its own default) and may grow to this. */
export const MEMORY_MB = 48
// QuickJS measures its stack inside WebAssembly, but each of its frames also takes room on Node's
// own stack; 512 KB overflowed Node's stack first, 256 KB leaves room to spare.
const STACK_BYTES = 256 * 1024

// The package's types describe its CommonJS build (`{ default: variant }`); Node loads its ES build,
// whose default export is the variant itself. Accept both.
const variant = ('default' in releaseSync ? releaseSync.default : releaseSync) as QuickJSSyncVariant

// Our compiler settings leave out the WebAssembly type declarations, so the constructor is typed here.
type MemoryConstructor = new (size: { initial: number; maximum: number }) => CustomizeVariantOptions['wasmMemory']
const { Memory } = (globalThis as unknown as { WebAssembly: { Memory: MemoryConstructor } }).WebAssembly

let quickJS: Promise<QuickJSWASMModule> | undefined

/** Compiling the wasm module takes tens of milliseconds, so it happens once and is reused. */
export function loadQuickJS(): Promise<QuickJSWASMModule> {
  const pages = (megabytes: number) => (megabytes * 1024 * 1024) / PAGE_BYTES
  quickJS ??= newQuickJSWASMModuleFromVariant(
    newVariant(variant, { wasmMemory: new Memory({ initial: pages(16), maximum: pages(MEMORY_MB) }) }),
  )
  return quickJS
}

/** After an unexpected failure inside the module its state cannot be trusted: the next run loads a new one. */
function discardQuickJS(): void {
  quickJS = undefined
}

// Globals arrive as one JSON text and are unpacked inside the sandbox, so no host object or
// function is ever reachable from user code. `console` is a silent stand-in so logging does not throw.
const PRELUDE = `
const __weftGlobals = JSON.parse(globalThis.__weftInput)
delete globalThis.__weftInput
for (const name of Object.keys(__weftGlobals)) globalThis[name] = __weftGlobals[name]
globalThis.console = { log() {}, info() {}, warn() {}, error() {}, debug() {} }
`

// The body runs as an async function so `await` works; the result crosses back as JSON text.
const wrap = (code: string) => `(async function () {\n${code}\n})().then((value) => JSON.stringify({ value }))`

export interface QuickJSRun {
  code: string
  /** JSON text of an object whose keys become global variables. */
  globalsJson: string
  timeoutMs: number
  /** Stops the code at its next instruction when true. */
  stopped: () => boolean
}

/**
 * Runs the code as the body of an async function with the globals, and answers what it returns as
 * JSON text `{ "value": … }`. Throws a UserCodeError naming the problem when the code fails.
 */
export async function runInQuickJS({ code, globalsJson, timeoutMs, stopped }: QuickJSRun): Promise<string> {
  const module = await loadQuickJS()
  const deadline = Date.now() + timeoutMs
  const runtime = module.newRuntime({ maxStackSizeBytes: STACK_BYTES })
  runtime.setInterruptHandler(() => Date.now() > deadline || stopped())
  const context = runtime.newContext()
  const explain = (error: unknown) => describeFailure(error, timeoutMs, stopped())
  let healthy = true
  try {
    context.newString(globalsJson).consume((input) => context.setProp(context.global, '__weftInput', input))
    evaluate(context, PRELUDE, explain).dispose()
    const promise = evaluate(context, wrap(code), explain)
    try {
      const jobs = runtime.executePendingJobs()
      if (jobs.error) throw explain(jobs.error.consume((error) => context.dump(error)))
      const state = context.getPromiseState(promise)
      if (state.type === 'pending') {
        throw new UserCodeError('Custom code did not finish: it waits for something that never happens.')
      }
      if (state.type === 'rejected') throw explain(state.error.consume((error) => context.dump(error)))
      return state.value.consume((value) => context.dump(value)) as string
    } finally {
      promise.dispose()
    }
  } catch (error) {
    // A UserCodeError is the code's doing; anything else is the module's and it is replaced.
    if (!(error instanceof UserCodeError)) healthy = false
    throw error
  } finally {
    try {
      context.dispose()
      runtime.dispose()
    } catch {
      healthy = false
    }
    if (!healthy) discardQuickJS()
  }
}

function evaluate(context: QuickJSContext, code: string, explain: (error: unknown) => Error): QuickJSHandle {
  const result = context.evalCode(code, 'custom-code.js')
  if (result.error) throw explain(result.error.consume((error) => context.dump(error)))
  return result.value
}

/** Turns what QuickJS threw (a dumped error object, or any thrown value) into a message for the user. */
function describeFailure(error: unknown, timeoutMs: number, stopped: boolean): Error {
  if (stopped) return new UserCodeError('The run was stopped')
  const { name, message } = errorParts(error)
  if (name === 'InternalError' && message === 'interrupted') return timeLimitError(timeoutMs)
  if (name === 'InternalError' && message === 'out of memory') {
    return new UserCodeError(`Custom code ran out of memory (the sandbox holds at most ${MEMORY_MB} MB)`)
  }
  if (/stack overflow/i.test(message)) return new UserCodeError('Custom code recursed too deeply (stack overflow)')
  if (name === 'SyntaxError') return new UserCodeError(`Custom code has a syntax error: ${message}`)
  return new UserCodeError(`Custom code failed: ${name ? `${name}: ` : ''}${message}`)
}

function errorParts(error: unknown): { name: string; message: string } {
  if (error !== null && typeof error === 'object' && 'message' in error) {
    const { name, message } = error as { name?: unknown; message?: unknown }
    return { name: typeof name === 'string' ? name : '', message: String(message) }
  }
  return { name: '', message: typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)) }
}
