import type { OutboundFetch } from '../net/outbound-guard.js'
import { ModelCallError } from './chat-model.js'
import type { Embedder } from './embedder.js'
import { callJsonApi } from './json-api.js'

// Embeddings from a service's own HTTP API where no AI SDK provider speaks it (Jina, Voyage,
// Hugging Face inference): one POST per call, through the run's outbound guard.

export interface HttpEmbedding {
  /** For errors: "Jina jina-embeddings-v3". */
  label: string
  url: string
  /** Sent as a bearer token; blanked out of any error the service answers. */
  apiKey?: string
  fetch: OutboundFetch
  body: (texts: string[]) => Record<string, unknown>
  /** The vectors in the answer, in the order of the texts. */
  vectors: (answer: unknown) => unknown
}

export function httpEmbedder(spec: HttpEmbedding): Embedder {
  const headers: Record<string, string> = spec.apiKey ? { authorization: `Bearer ${spec.apiKey}` } : {}
  return {
    kind: 'embedder',
    label: spec.label,
    embed: async (texts, signal) => {
      if (texts.length === 0) return []
      let answer: unknown
      try {
        answer = await callJsonApi(spec.fetch, spec.url, { body: spec.body(texts), headers, key: spec.apiKey, signal })
      } catch (error) {
        signal?.throwIfAborted()
        throw new ModelCallError(spec.label, error)
      }
      const vectors = spec.vectors(answer)
      if (!isVectorList(vectors, texts.length)) {
        throw new ModelCallError(spec.label, 'the server did not answer one vector of numbers per text')
      }
      return vectors
    },
  }
}

/** `{ data: [{ embedding, index }] }`, the OpenAI-style answer Jina and Voyage give, in index order. */
export function openAIStyleVectors(answer: unknown): unknown {
  const data = (answer as { data?: Array<{ embedding?: unknown; index?: number }> } | undefined)?.data
  if (!Array.isArray(data)) return undefined
  return [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((item) => item.embedding)
}

const isVectorList = (value: unknown, count: number): value is number[][] =>
  Array.isArray(value) &&
  value.length === count &&
  value.every((vector) => Array.isArray(vector) && vector.length > 0 && vector.every((n) => typeof n === 'number'))
