import type { DocumentStore, NodeDescriptor, VectorStoreSettings } from '@weft/core'
import { missingInput, nodeParams } from './loaderSettings'

// The vector store screen's form, kept as plain data, and how it becomes VectorStoreSettings.

/** A chosen node and its inputs (its credential id under `credential`). */
export interface NodeChoice {
  name: string
  config: Record<string, unknown>
}

export interface VectorDraft {
  embedding: NodeChoice
  vectorStore: NodeChoice
  /** Upsert through the record manager, which skips chunks that did not change. */
  skipUnchanged: boolean
}

/** What a fresh install upserts with: both run in-process with no key and no network. */
export const DEFAULT_EMBEDDING = 'offlineEmbeddings'
export const DEFAULT_VECTOR_STORE = 'embeddedVectorStore'

/** The record manager's name in Flowise's settings. */
export const RECORD_MANAGER = 'recordManager'

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/** A node just picked: its inputs at their defaults. */
export function chooseNode(nodes: readonly NodeDescriptor[], name: string): NodeChoice {
  const node = nodes.find((candidate) => candidate.name === name)
  return { name: node?.name ?? '', config: node ? nodeParams(node).defaults : {} }
}

/** The saved choice when its node is still offered, else the default one, else the first. */
function initialChoice(
  saved: DocumentStore['embeddingConfig'],
  nodes: readonly NodeDescriptor[],
  fallback: string,
): NodeChoice {
  const node =
    nodes.find((candidate) => candidate.name === saved?.name) ??
    nodes.find((candidate) => candidate.name === fallback) ??
    nodes[0]
  if (!node) return { name: '', config: {} }
  const config = saved?.name === node.name ? asRecord(saved.config) : {}
  return { name: node.name, config: { ...nodeParams(node).defaults, ...config } }
}

/** The form as the store's saved configs fill it, or with the defaults that need no key. */
export function initialVectorDraft(
  store: DocumentStore,
  embeddings: readonly NodeDescriptor[],
  vectorStores: readonly NodeDescriptor[],
): VectorDraft {
  return {
    embedding: initialChoice(store.embeddingConfig, embeddings, DEFAULT_EMBEDDING),
    vectorStore: initialChoice(store.vectorStoreConfig, vectorStores, DEFAULT_VECTOR_STORE),
    skipUnchanged: Boolean(store.recordManagerConfig),
  }
}

/** What the user must still choose or fill in, or undefined. */
export function missingVectorInput(
  draft: VectorDraft,
  embeddings: readonly NodeDescriptor[],
  vectorStores: readonly NodeDescriptor[],
): string | undefined {
  const embedding = embeddings.find((node) => node.name === draft.embedding.name)
  if (!embedding) return 'Choose the embeddings to use'
  const vectorStore = vectorStores.find((node) => node.name === draft.vectorStore.name)
  if (!vectorStore) return 'Choose the vector store to use'
  const missingEmbedding = missingInput(nodeParams(embedding).params, draft.embedding.config, [])
  if (missingEmbedding) return `${embedding.label}: ${missingEmbedding}`
  const missingStore = missingInput(nodeParams(vectorStore).params, draft.vectorStore.config, [])
  return missingStore && `${vectorStore.label}: ${missingStore}`
}

/** The body of save and insert; `docId` limits an insert to one loader's chunks. */
export function toVectorStoreSettings(storeId: string, draft: VectorDraft, docId?: string): VectorStoreSettings {
  return {
    storeId,
    ...(docId ? { docId } : {}),
    embeddingName: draft.embedding.name,
    embeddingConfig: draft.embedding.config,
    vectorStoreName: draft.vectorStore.name,
    vectorStoreConfig: draft.vectorStore.config,
    recordManagerName: draft.skipUnchanged ? RECORD_MANAGER : null,
    recordManagerConfig: draft.skipUnchanged ? {} : null,
  }
}

/** Whether the store's chunks are in a vector store (maybe older ones, when STALE), so a query can find them. */
export const hasVectors = (store: Pick<DocumentStore, 'status'>): boolean =>
  store.status === 'UPSERTED' || store.status === 'STALE'
