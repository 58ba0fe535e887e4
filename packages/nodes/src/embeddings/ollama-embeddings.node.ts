import { defineNode } from '../define-node.js'
import { ollamaEmbedder } from '../providers/ollama.js'
import { listOllamaModels } from '../shared/server-models.js'
import { ollamaParams } from '../shared/server-params.js'

export default defineNode({
  descriptor: {
    label: 'Ollama Embeddings',
    name: 'ollamaEmbedding',
    version: 1,
    type: 'OllamaEmbeddings',
    category: 'Embeddings',
    description: 'Turn text into vectors with an embedding model on your own Ollama server.',
    icon: 'ollamaEmbedding.svg',
    color: '#5637BE',
    baseClasses: ['OllamaEmbeddings', 'Embeddings'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      ...ollamaParams('nomic-embed-text'),
      {
        label: 'Keep Alive',
        name: 'keepAlive',
        type: 'string',
        description: 'How long Ollama keeps the model loaded after a call.',
        default: '5m',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  loadMethods: { listModels: listOllamaModels('nomic-embed-text') },
  run: async ({ inputs, scope }) => ollamaEmbedder(inputs, scope.fetch),
})
