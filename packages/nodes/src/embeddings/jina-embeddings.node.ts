import { defineNode } from '../define-node.js'
import { jinaEmbedder } from '../providers/hosted-embeddings.js'
import { typedModelParam } from '../shared/hosted-model-params.js'

export default defineNode({
  descriptor: {
    label: 'Jina Embeddings',
    name: 'jinaEmbeddings',
    version: 1,
    type: 'JinaEmbeddings',
    category: 'Embeddings',
    description: 'Turn text into vectors with the Jina AI embeddings API.',
    icon: 'jinaEmbeddings.svg',
    color: '#E2574C',
    baseClasses: ['JinaEmbeddings', 'Embeddings'],
    credential: { label: 'Connect Credential', credentialNames: ['jinaAIApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [typedModelParam('jina-embeddings-v2-base-en', 'Model Name', 'jina-embeddings-v2-base-en')],
  },
  run: async ({ inputs, credential, scope }) => jinaEmbedder(inputs, credential, scope.fetch),
})
