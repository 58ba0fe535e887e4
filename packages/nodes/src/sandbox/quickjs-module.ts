import releaseSync from '@jitl/quickjs-wasmfile-release-sync'
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type CustomizeVariantOptions,
  type QuickJSSyncVariant,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core'

// The QuickJS engine compiled to WebAssembly, loaded once per sandbox worker thread.
//
// Memory: QuickJS's own limit only counts 8 bytes per allocation in this build (malloc_usable_size
// is missing), so it cannot stop a big string or array. The limit is the WebAssembly memory itself,
// created with a maximum: past it, malloc fails inside QuickJS, which throws "out of memory". A worker
// runs one run at a time, so that run owns that memory; every run gets a fresh runtime.

//
// The memory is all there from the start and never grows: quickjs-emscripten reads some answers of
// the module through views of the memory taken before the call (executePendingJobs reads the context
// of a failed job that way), and growing the memory during the call leaves those views empty. A run
// whose promise jobs grew it (a big result built after an `await`) made the library wrap a context
// that does not exist, and freeing the runtime then failed. Pages not yet touched cost no memory.

const PAGE_BYTES = 64 * 1024
/** The WebAssembly memory of the module, fixed at this size. */
export const MEMORY_MB = 48
// QuickJS measures its stack inside WebAssembly, but each of its frames also takes room on Node's
// own stack; 512 KB overflowed Node's stack first, 256 KB leaves room to spare.
export const STACK_BYTES = 256 * 1024

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
    newVariant(variant, { wasmMemory: new Memory({ initial: pages(MEMORY_MB), maximum: pages(MEMORY_MB) }) }),
  )
  return quickJS
}

/** After an unexpected failure inside the module its state cannot be trusted: the next run loads a new one. */
export function discardQuickJS(): void {
  quickJS = undefined
}
