import { defineNode } from '../define-node.js'
import { isRetriever, isVectorStore } from '../documents/retriever.js'
import { isChatModel } from '../providers/chat-model.js'
import { openCollection, pineconeInputs, runPinecone } from './pinecone.node.js'
import { topKParam } from './store-params.js'

// Flowise's LlamaIndex Pinecone node: the same index, read by the LlamaIndex-named engines (Query
// Engine, Context Chat Engine) through its retriever, which carries the connected chat model for
// the Query Engine to answer with, as in Flowise.

const RETRIEVER_CLASSES = ['Pinecone', 'VectorIndexRetriever', 'VectorStoreRetriever', 'BaseRetriever']

export default defineNode({
  descriptor: {
    label: 'Pinecone (LlamaIndex)',
    name: 'pineconeLlamaIndex',
    version: 1,
    type: 'Pinecone',
    category: 'Vector Stores',
    description: 'Store and search document vectors in a Pinecone index, for the LlamaIndex engines and any chain.',
    icon: 'pineconeLlamaIndex.svg',
    color: '#3D38FF',
    baseClasses: RETRIEVER_CLASSES,
    credential: { label: 'Connect Credential', credentialNames: ['pineconeApi'] },
    canvases: ['chatflow'],
    inputs: [
      {
        label: 'Document',
        name: 'document',
        type: 'Document',
        description: 'Documents to add to the index; leave unconnected to search what is stored already.',
        list: true,
        optional: true,
      },
      { label: 'Chat Model', name: 'model', type: 'BaseChatModel_LlamaIndex', optional: true },
      { label: 'Embeddings', name: 'embeddings', type: 'BaseEmbedding_LlamaIndex' },
      ...pineconeInputs,
      topKParam,
    ],
    outputs: [
      { label: 'Pinecone Retriever', name: 'retriever', baseClasses: RETRIEVER_CLASSES },
      {
        label: 'Pinecone Vector Store Index',
        name: 'vectorStore',
        baseClasses: ['Pinecone', 'VectorStoreIndex', 'VectorStore'],
      },
    ],
  },
  openCollection,
  run: async (context) => {
    const built = await runPinecone(context)
    // The LlamaIndex engines answer with the model the store carries, as Flowise's do.
    const model = context.inputs.model
    if (!isChatModel(model)) return built
    if (isRetriever(built)) return Object.assign(built, { model })
    if (isVectorStore(built)) Object.assign(built.retriever, { model })
    return built
  },
})
