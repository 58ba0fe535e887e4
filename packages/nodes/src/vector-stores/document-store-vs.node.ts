import { failure } from '@weft/core'
import type { SourceDocument } from '@weft/core'
import { defineNode } from '../define-node.js'
import type { RunScope } from '../define-node.js'
import type { Retriever, VectorStore } from '../documents/retriever.js'
import { readSearchSettings } from '../documents/search-settings.js'
import { topKParam } from './store-params.js'

// A document store of the workspace searched from a chatflow: its chunks were embedded and upserted
// on the document store screens, so the flow needs neither a loader nor an embedding.

/** The picked store's id: ours is the id; Flowise saves `<id>:<name>` too, and ids are UUIDs. */
const storeIdOf = (value: unknown) => (typeof value === 'string' ? value.trim().split(':')[0]! : '')

function storeSearch(scope: RunScope) {
  if (!scope.documentStores) throw new Error('Document stores cannot be searched here.')
  return scope.documentStores
}

export default defineNode({
  descriptor: {
    label: 'Document Store (Vector)',
    name: 'documentStoreVS',
    version: 1,
    type: 'DocumentStoreVS',
    category: 'Vector Stores',
    description: 'Search a document store of this workspace, upserted on the Document Stores page.',
    icon: 'documentStoreVS.svg',
    color: '#2E7DAF',
    baseClasses: ['DocumentStoreVS', 'VectorStoreRetriever', 'BaseRetriever'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Select Store', name: 'selectedStore', type: 'asyncOptions', loadMethod: 'listStores' },
      topKParam,
    ],
    outputs: [
      {
        label: 'Retriever',
        name: 'retriever',
        baseClasses: ['DocumentStoreVS', 'VectorStoreRetriever', 'BaseRetriever'],
      },
      { label: 'Vector Store', name: 'vectorStore', baseClasses: ['DocumentStoreVS', 'VectorStore'] },
    ],
  },
  run: async ({ inputs, output, scope, label }) => {
    const storeId = storeIdOf(inputs.selectedStore)
    if (storeId === '') throw failure('configuration', 'Select Store is empty: pick the document store to search.')
    const search = storeSearch(scope)
    const settings = readSearchSettings(inputs)
    const find = (query: string, k: number, signal: AbortSignal) => search.search(storeId, query, { k, signal })
    const retriever: Retriever = {
      kind: 'retriever',
      label,
      retrieve: async (query, signal): Promise<SourceDocument[]> =>
        (await find(query, settings.k, signal)).map(({ document }) => document),
    }
    const store: VectorStore = { kind: 'vectorStore', label, similaritySearch: find, retriever }
    return output === 'vectorStore' ? store : retriever
  },
})
