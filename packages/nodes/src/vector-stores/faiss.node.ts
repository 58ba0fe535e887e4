import { defineNode } from '../define-node.js'
import { runCollectionStore } from './collection-store.js'
import { keepEmbeddedCollection, openEmbeddedCollection } from './embedded/embedded-collection.js'
import { faissFolderOf } from './faiss-folder.js'
import { metadataFilterParam } from './memory-vector-store.node.js'
import { searchParams, storeInputs, storeOutputs } from './store-params.js'

// Flowise's Faiss node by name and inputs, kept in the embedded store's files (SQLite and an HNSW
// index) in a folder inside the data folder that the Base Path names: connected documents are added
// on each run without copies, and the store searches all its folder holds, across restarts.

/** The one collection in a Faiss folder: the folder is the store, as Flowise's Base Path is. */
const COLLECTION = 'faiss'

export default defineNode({
  descriptor: {
    label: 'Faiss',
    name: 'faiss',
    version: 1,
    type: 'Faiss',
    category: 'Vector Stores',
    description:
      "Store and search document vectors in a folder of the Weft data folder. Takes Faiss flows' inputs, " +
      "but keeps Weft's embedded store files, not faiss.index files.",
    icon: 'faiss.svg',
    color: '#6246EA',
    baseClasses: ['Faiss', 'VectorStoreRetriever', 'BaseRetriever'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      ...storeInputs,
      {
        label: 'Base Path to load',
        name: 'basePath',
        type: 'string',
        description: 'A folder name inside the data folder, such as "handbook"; flows with the same name share it.',
        placeholder: 'handbook',
      },
      ...searchParams,
      metadataFilterParam,
    ],
    outputs: storeOutputs('Faiss'),
  },
  openCollection: (context, dimensions) =>
    openEmbeddedCollection(faissFolderOf(context.scope, context.inputs.basePath), COLLECTION, dimensions),
  run: async (context) => {
    const folder = faissFolderOf(context.scope, context.inputs.basePath)
    return runCollectionStore(
      context,
      (dimensions) => keepEmbeddedCollection(folder, COLLECTION, dimensions),
      'metadataFilter',
    )
  },
})
