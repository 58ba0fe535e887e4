import type { ChatWrapper, Llama, LlamaChat, LlamaModel } from 'node-llama-cpp'
import type { ModelFile } from './llama-cpp-path.js'

// llama.cpp in this process, shared by every ChatLlamaCpp node. Loading the binding takes about a
// second (node-llama-cpp tests the binary in a child process) and importing it almost half of one,
// so both happen on the first call, never at server start. A model's weights are loaded once per
// file and kept for the next runs, with its chat format: node-llama-cpp finds that by trying the
// file's template on sample chats, which takes about a second. Each call gets a context of its own,
// freed when it ends.

/** How many model files stay loaded; each can take gigabytes of memory. */
const MAX_MODELS = 2

const binding = () => import('node-llama-cpp')

let llama: Promise<Llama> | undefined

/** The CPU build that ships with node-llama-cpp: never a GPU, never a download or a compile. */
function sharedLlama(): Promise<Llama> {
  llama ??= binding()
    .then(({ getLlama, LlamaLogLevel }) => getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error }))
    .catch((error: unknown) => {
      llama = undefined
      throw new Error(`llama.cpp cannot run on this machine: ${error instanceof Error ? error.message : error}`)
    })
  return llama
}

interface ReadyModel {
  model: LlamaModel
  chatWrapper: ChatWrapper
}

interface LoadedModel {
  version: string
  model: Promise<ReadyModel>
  /** Calls using the model now: a model dropped from the cache is freed only when the last one ends. */
  users: number
  dropped: boolean
}

const models = new Map<string, LoadedModel>()

function free(entry: LoadedModel) {
  if (entry.users === 0) void entry.model.then(({ model }) => model.dispose()).catch(() => undefined)
}

function drop(path: string, entry: LoadedModel) {
  if (models.get(path) === entry) models.delete(path)
  entry.dropped = true
  free(entry)
}

async function ready(file: ModelFile): Promise<ReadyModel> {
  const model = await (await sharedLlama()).loadModel({ modelPath: file.path, gpuLayers: 0 })
  const { resolveChatWrapper } = await binding()
  return { model, chatWrapper: resolveChatWrapper(model) }
}

function load(file: ModelFile): LoadedModel {
  const entry: LoadedModel = {
    version: file.version,
    model: ready(file),
    users: 0,
    dropped: false,
  }
  // A file that failed to load is tried again next time (the user may fix it).
  entry.model.catch(() => drop(file.path, entry))
  return entry
}

/** The loaded model of this file, loading it when new or changed on disk; most recently used last. */
function loadedModel(file: ModelFile): LoadedModel {
  const known = models.get(file.path)
  if (known) models.delete(file.path)
  if (known && known.version !== file.version) drop(file.path, known)
  const entry = known?.version === file.version ? known : load(file)
  models.set(file.path, entry)
  for (const [path, oldest] of models) {
    if (models.size <= MAX_MODELS) break
    drop(path, oldest)
  }
  return entry
}

export interface ContextSettings {
  contextSize: number
  threads: number
}

/** Runs `use` with a chat on a fresh context of the model of `file`, and frees the context afterwards. */
export async function withLlamaChat<T>(
  file: ModelFile,
  settings: ContextSettings,
  use: (chat: LlamaChat) => Promise<T>,
): Promise<T> {
  const entry = loadedModel(file)
  entry.users += 1
  try {
    const [{ model, chatWrapper }, { LlamaChat }] = await Promise.all([entry.model, binding()])
    const context = await model.createContext({ contextSize: settings.contextSize, threads: settings.threads })
    const chat = new LlamaChat({ contextSequence: context.getSequence(), chatWrapper, autoDisposeSequence: true })
    try {
      return await use(chat)
    } finally {
      chat.dispose()
      await context.dispose()
    }
  } finally {
    entry.users -= 1
    if (entry.dropped) free(entry)
  }
}
