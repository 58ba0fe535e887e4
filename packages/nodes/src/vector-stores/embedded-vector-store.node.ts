import { defineNode } from '../define-node.js'
import { readDocuments } from '../documents/document.js'
import { embedCached } from '../documents/embedding-cache.js'
import { memoryVectorStore } from '../documents/memory-vector-store.js'
import { readSearchSettings } from '../documents/search-settings.js'
import { isEmbedder } from '../providers/embedder.js'
import { searchParams, storeInputs, storeOutputs } from './store-params.js'

// Behaviour for now: the connected documents are embedded when the flow runs and searched in
// memory, exactly (cosine similarity over every vector); their vectors are kept between runs so the
// same documents are not embedded twice. Keeping documents in the data folder, and so sharing them
// between flows by Collection Name and searching a store with no documents connected, arrives with
// document stores in a later issue.

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
  run: async ({ inputs, output, label, scope }) => {
    if (!isEmbedder(inputs.embeddings)) throw new Error('Connect an embeddings node to Embeddings.')
    const documents = readDocuments(inputs.document)
    if (documents.length === 0) {
      throw new Error(
        'Connect a document loader to Document: documents kept from earlier runs arrive in a later version of Weft.',
      )
    }
    const vectors = await embedCached(
      inputs.embeddings,
      documents.map((document) => document.pageContent),
      scope.signal,
    )
    const store = memoryVectorStore(label, inputs.embeddings, { documents, vectors }, readSearchSettings(inputs))
    return output === 'vectorStore' ? store : store.retriever
  },
})
