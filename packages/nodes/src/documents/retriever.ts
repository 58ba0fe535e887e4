import type { SourceDocument } from '@weft/core'
import { isRecord } from '../runtime/read-input.js'
import type { ChatModel } from '../providers/chat-model.js'
import type { ScoredDocument } from './vector-index.js'

/** What a vector store builds for chains and tools: finds the passages for a query. */
export interface Retriever {
  kind: 'retriever'
  /** For messages, e.g. "Embedded Vector Store". */
  label: string
  retrieve: (query: string, signal: AbortSignal) => Promise<SourceDocument[]>
  /** The chat model a LlamaIndex vector store carries: Flowise's Query Engine answers with it. */
  model?: ChatModel
}

/** A vector store itself (its Vector Store output), for nodes that search it with their own settings. */
export interface VectorStore {
  kind: 'vectorStore'
  label: string
  similaritySearch: (query: string, k: number, signal: AbortSignal) => Promise<ScoredDocument[]>
  /** The store searched with the node's own settings (Top K, Search Type). */
  retriever: Retriever
}

export const isRetriever = (value: unknown): value is Retriever =>
  isRecord(value) && value.kind === 'retriever' && typeof value.retrieve === 'function'

export const isVectorStore = (value: unknown): value is VectorStore =>
  isRecord(value) && value.kind === 'vectorStore' && typeof value.similaritySearch === 'function'

/** The retriever connected to `inputLabel` (a store's own retriever too), or an error saying what to connect. */
export function requireRetriever(value: unknown, inputLabel: string): Retriever {
  if (isRetriever(value)) return value
  if (isVectorStore(value)) return value.retriever
  throw new Error(`Connect a vector store to ${inputLabel}.`)
}
