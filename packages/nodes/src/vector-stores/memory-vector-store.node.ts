import type { InputParam } from '@weft/core'
import { defineNode } from '../define-node.js'
import { readDocuments } from '../documents/document.js'
import { createLruCache } from '../documents/lru-cache.js'
import { runCollectionStore } from './collection-store.js'
import { MemoryCollection } from './memory-collection.js'
import { documentRecordId } from './record-ids.js'
import { searchParams, storeInputs, storeOutputs } from './store-params.js'

// Vectors held in the server's memory, one store per node of each flow, for as long as the process
// runs (and the store is among the most recently used): building the node again with other
// documents rebuilds the store to hold exactly those, with no documents connected it searches what
// it holds. Nothing is written to disk, so it cannot keep a document store's vectors.

/** Stores kept at once, and about 128 MB of vectors in them all; the least recently used go first. */
const MAX_STORES = 32
const MAX_NUMBERS = 32_000_000

const stores = createLruCache<MemoryCollection>({
  maxEntries: MAX_STORES,
  maxSize: MAX_NUMBERS,
  sizeOf: (collection) => collection.size,
})

const keyOf = (flowId: string, nodeId: string) => `${flowId}\u0000${nodeId}`

/** A metadata filter input, as the database stores have, for the store's own search. */
export const metadataFilterParam: InputParam = {
  label: 'Metadata Filter',
  name: 'metadataFilter',
  type: 'json',
  description: 'Search only chunks whose metadata has these values, e.g. { "source": "handbook.pdf" }.',
  optional: true,
  additionalParams: true,
}

export default defineNode({
  descriptor: {
    label: 'In-Memory Vector Store',
    name: 'memoryVectorStore',
    version: 1,
    type: 'Memory',
    category: 'Vector Stores',
    description: 'Search the connected documents in memory, with no files or server: the vectors last while Weft runs.',
    icon: 'memoryVectorStore.svg',
    color: '#0E8A9E',
    baseClasses: ['Memory', 'VectorStoreRetriever', 'BaseRetriever'],
    canvases: ['chatflow', 'sequential'],
    inputs: [...storeInputs, ...searchParams, metadataFilterParam],
    outputs: storeOutputs('Memory'),
  },
  run: async (context) => {
    const key = keyOf(context.scope.flowId, context.nodeId)
    const collection = stores.get(key) ?? new MemoryCollection(context.label)
    const documents = readDocuments(context.inputs.document)
    if (documents.length > 0) {
      // Records of documents no longer connected go; the rest stay (and are not embedded again).
      const wanted = new Set(documents.map(documentRecordId))
      await collection.delete((await collection.ids()).filter((id) => !wanted.has(id)))
    }
    const open = async (dimensions: number) => {
      // Another embedding: the connected documents are embedded afresh into an emptied store.
      if (documents.length > 0 && collection.vectorLength !== undefined && collection.vectorLength !== dimensions) {
        await collection.clear()
      }
      return collection
    }
    const built = await runCollectionStore(context, open, 'metadataFilter')
    // Set after the upsert, so the bound counts what the store holds now.
    stores.set(key, collection)
    return built
  },
})
