import type { SharedV3ProviderOptions } from '@ai-sdk/provider'
import { embedMany, type EmbeddingModel } from 'ai'
import { ModelCallError } from './chat-model.js'
import { loadOnce } from './lazy-model.js'
import type { Embedder } from './embedder.js'
import { readBoolean, readNumber } from './node-inputs.js'

// Embeddings from a provider's API (OpenAI, OpenAI-compatible servers, Ollama) through the AI SDK.

export interface ProviderEmbedderOptions {
  label: string
  /** The model, or a function that loads its SDK and builds it (called on the first embedding only). */
  model: EmbeddingModel | (() => Promise<EmbeddingModel>)
  providerOptions?: SharedV3ProviderOptions
  /** Texts per request; the provider's own limit when not set. */
  batchSize?: number
  stripNewLines?: boolean
  timeoutMs?: number
}

/** The Strip New Lines, Batch Size and Timeout inputs the embedding nodes share. */
export const readEmbedderInputs = (inputs: Record<string, unknown>) => ({
  batchSize: readNumber(inputs.batchSize),
  stripNewLines: readBoolean(inputs.stripNewLines, false),
  timeoutMs: readNumber(inputs.timeout),
})

function batchesOf(texts: string[], size: number | undefined): string[][] {
  if (!size || size < 1) return [texts]
  const batches: string[][] = []
  for (let start = 0; start < texts.length; start += size) batches.push(texts.slice(start, start + size))
  return batches
}

export function providerEmbedder(options: ProviderEmbedderOptions): Embedder {
  const { model } = options
  const loadModel = typeof model === 'function' ? loadOnce(model) : async () => model
  return {
    kind: 'embedder',
    label: options.label,
    embed: async (texts, signal) => {
      if (texts.length === 0) return []
      const timeout = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined
      const abortSignal = timeout && signal ? AbortSignal.any([signal, timeout]) : (timeout ?? signal)
      const values = options.stripNewLines ? texts.map((text) => text.replace(/\n/g, ' ')) : texts
      const vectors: number[][] = []
      try {
        const loaded = await loadModel()
        for (const batch of batchesOf(values, options.batchSize)) {
          const result = await embedMany({
            model: loaded,
            values: batch,
            abortSignal,
            providerOptions: options.providerOptions,
            maxRetries: 0,
          })
          vectors.push(...result.embeddings)
        }
      } catch (error) {
        signal?.throwIfAborted()
        if (timeout?.aborted) {
          throw new ModelCallError(
            options.label,
            `no answer within ${options.timeoutMs} ms (the node's Timeout)`,
            'timeout',
          )
        }
        throw new ModelCallError(options.label, error)
      }
      return vectors
    },
  }
}
