import { defineNode } from '../define-node.js'
import { togetherAIEmbedder } from '../providers/hosted-embeddings.js'
import { typedModelParam } from '../shared/hosted-model-params.js'

export default defineNode({
  descriptor: {
    label: 'TogetherAIEmbedding',
    name: 'togetherAIEmbedding',
    version: 1,
    type: 'TogetherAIEmbedding',
    category: 'Embeddings',
    description: 'Turn text into vectors with the embedding models hosted by Together AI.',
    icon: 'togetherAIEmbedding.svg',
    color: '#3D86FF',
    baseClasses: ['TogetherAIEmbedding', 'Embeddings'],
    credential: { label: 'Connect Credential', credentialNames: ['togetherAIApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [typedModelParam('BAAI/bge-base-en-v1.5')],
  },
  run: async ({ inputs, credential, scope }) => togetherAIEmbedder(inputs, credential, scope.fetch),
})
