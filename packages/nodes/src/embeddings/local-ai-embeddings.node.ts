import { defineNode } from '../define-node.js'
import { localAIEmbedder } from '../providers/hosted-embeddings.js'
import { serverAddressParam, typedModelParam } from '../shared/hosted-model-params.js'

export default defineNode({
  descriptor: {
    label: 'LocalAI Embeddings',
    name: 'localAIEmbeddings',
    version: 1,
    type: 'LocalAI Embeddings',
    category: 'Embeddings',
    description: 'Turn text into vectors with a local embedding model served by LocalAI.',
    icon: 'localAIEmbeddings.svg',
    color: '#8E5BE8',
    baseClasses: ['LocalAI Embeddings', 'Embeddings'],
    credential: { label: 'Connect Credential', credentialNames: ['localAIApi'], optional: true },
    canvases: ['chatflow', 'sequential'],
    inputs: [serverAddressParam('Base Path', 'http://localhost:8080/v1'), typedModelParam('text-embedding-ada-002')],
  },
  run: async ({ inputs, credential, scope }) => localAIEmbedder(inputs, credential, scope.fetch),
})
