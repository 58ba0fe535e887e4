import { defineNode } from '../define-node.js'
import { cohereEmbedder } from '../providers/cohere.js'
import { listKnownModels } from '../shared/known-models.js'

const COHERE_EMBEDDING_MODELS = [
  'embed-english-v3.0',
  'embed-multilingual-v3.0',
  'embed-english-light-v3.0',
  'embed-multilingual-light-v3.0',
  'embed-v4.0',
]

export default defineNode({
  descriptor: {
    label: 'Cohere Embeddings',
    name: 'cohereEmbeddings',
    version: 1,
    type: 'CohereEmbeddings',
    category: 'Embeddings',
    description: 'Turn text into vectors with the Cohere v2 embed API.',
    icon: 'cohereEmbeddings.svg',
    color: '#D1453B',
    baseClasses: ['CohereEmbeddings', 'Embeddings'],
    credential: { label: 'Connect Credential', credentialNames: ['cohereApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'embed-english-v3.0',
      },
      {
        label: 'Type',
        name: 'inputType',
        type: 'options',
        description: 'What the texts are: documents to store, queries to search with, or texts to sort.',
        options: [
          { label: 'search_document', name: 'search_document' },
          { label: 'search_query', name: 'search_query' },
          { label: 'classification', name: 'classification' },
          { label: 'clustering', name: 'clustering' },
        ],
        default: 'search_query',
        optional: true,
      },
    ],
  },
  loadMethods: { listModels: listKnownModels(COHERE_EMBEDDING_MODELS) },
  run: async ({ inputs, credential, scope }) => cohereEmbedder(inputs, credential, scope.fetch),
})
