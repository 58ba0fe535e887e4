import type { RunScope } from '../define-node.js'
import { defineNode } from '../define-node.js'
import { runCollectionStore } from './collection-store.js'
import { keepEmbeddedCollection, openEmbeddedCollection } from './embedded/embedded-collection.js'
import { searchParams, storeInputs, storeOutputs } from './store-params.js'

// Documents live in the workspace's folder inside the data folder (`vectors.sqlite`), in the
// collection the Collection Name gives: connected documents are embedded and added on each run
// (the same text and metadata replace themselves, so re-runs add nothing twice), and the store
// searches everything the collection holds, including what earlier runs, other flows and document
// stores put there. A collection a flow opened stays open for the process, ready for its next run.

const collectionNameOf = (inputs: Record<string, unknown>): string =>
  (typeof inputs.collectionName === 'string' && inputs.collectionName.trim()) || 'default'

function vectorFolderOf(scope: RunScope): string {
  if (!scope.vectorFolder) {
    throw new Error(
      'The Embedded Vector Store keeps documents in the data folder, and this run has no folder to write to.',
    )
  }
  return scope.vectorFolder
}

export default defineNode({
  descriptor: {
    label: 'Embedded Vector Store',
    name: 'embeddedVectorStore',
    version: 1,
    type: 'EmbeddedVectorStore',
    category: 'Vector Stores',
    description: 'Store and search document vectors in the Weft data folder, with no server to run.',
    icon: 'embeddedVectorStore.svg',
    color: '#3947C6',
    baseClasses: ['EmbeddedVectorStore', 'VectorStoreRetriever', 'BaseRetriever'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      ...storeInputs,
      {
        label: 'Collection Name',
        name: 'collectionName',
        type: 'string',
        description: 'Flows that use the same name share the stored documents.',
        default: 'default',
      },
      ...searchParams,
    ],
    outputs: storeOutputs('EmbeddedVectorStore'),
  },
  openCollection: (context, dimensions) =>
    openEmbeddedCollection(vectorFolderOf(context.scope), collectionNameOf(context.inputs), dimensions),
  run: (context) =>
    runCollectionStore(context, (dimensions) =>
      keepEmbeddedCollection(vectorFolderOf(context.scope), collectionNameOf(context.inputs), dimensions),
    ),
})
