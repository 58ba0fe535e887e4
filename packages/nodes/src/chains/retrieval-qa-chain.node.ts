import { defineNode, notRunnableYet } from '../define-node.js'

export default defineNode({
  descriptor: {
    label: 'Retrieval QA Chain',
    name: 'retrievalQAChain',
    version: 1,
    type: 'RetrievalQAChain',
    category: 'Chains',
    description: 'Answer questions from your documents: find the relevant passages, then ask the model.',
    icon: 'retrievalQAChain.svg',
    color: '#298E3A',
    baseClasses: ['RetrievalQAChain', 'BaseChain', 'Runnable'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Language Model', name: 'model', type: 'BaseLanguageModel' },
      { label: 'Vector Store Retriever', name: 'vectorStoreRetriever', type: 'BaseRetriever' },
      {
        label: 'Return Source Documents',
        name: 'returnSourceDocuments',
        type: 'boolean',
        description: 'Show the passages the answer came from.',
        optional: true,
      },
    ],
  },
  run: notRunnableYet,
})
