import { defineNode, notRunnableYet } from '../define-node.js'
import { searchParams, storeInputs, storeOutputs } from './store-params.js'

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
  run: notRunnableYet,
})
