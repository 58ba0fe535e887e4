import type { LanguageModelV3 } from '@ai-sdk/provider'

// A provider's SDK costs start time and memory whether or not a flow uses it, so the model nodes
// import it on their model's first call: the model they build answers its name at once and loads
// the SDK (an `await import()` inside `load`) when it is first called.

/** What the built model would answer before it is loaded, e.g. `anthropic.messages` and the model id. */
export interface ModelName {
  provider: string
  modelId: string
}

/** `load()` run once and its result kept; run again on the next call if it failed. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined
      throw error
    }))
}

/** A language model that loads its SDK and builds the real model (`load`) on its first call. */
export function lazyLanguageModel(name: ModelName, load: () => Promise<LanguageModelV3>): LanguageModelV3 {
  const model = loadOnce(load)
  return {
    specificationVersion: 'v3',
    provider: name.provider,
    modelId: name.modelId,
    // Read by the AI SDK just before it calls the model; a promise is allowed.
    get supportedUrls() {
      return model().then((real) => real.supportedUrls)
    },
    doGenerate: async (options) => (await model()).doGenerate(options),
    doStream: async (options) => (await model()).doStream(options),
  }
}
