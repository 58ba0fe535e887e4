import { defineNode } from '../define-node.js'
import { voyageEmbedder } from '../providers/hosted-embeddings.js'
import { listKnownModels } from '../shared/known-models.js'

export default defineNode({
  descriptor: {
    label: 'VoyageAI Embeddings',
    name: 'voyageAIEmbeddings',
    version: 1,
    type: 'VoyageAIEmbeddings',
    category: 'Embeddings',
    description: 'Turn text into vectors with the Voyage AI embeddings API.',
    icon: 'voyageAIEmbeddings.svg',
    color: '#2A2F6E',
    baseClasses: ['VoyageAIEmbeddings', 'Embeddings'],
    credential: { label: 'Connect Credential', credentialNames: ['voyageAIApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      { label: 'Model Name', name: 'modelName', type: 'asyncOptions', loadMethod: 'listModels', default: 'voyage-2' },
    ],
  },
  loadMethods: {
    listModels: listKnownModels(['voyage-3.5', 'voyage-3.5-lite', 'voyage-3-large', 'voyage-code-3', 'voyage-2']),
  },
  run: async ({ inputs, credential, scope }) => voyageEmbedder(inputs, credential, scope.fetch),
})
