import { defineNode } from '../define-node.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { readNumber } from '../providers/node-inputs.js'

export default defineNode({
  descriptor: {
    label: 'Built-in Hashing Embeddings',
    name: 'offlineEmbeddings',
    version: 1,
    type: 'OfflineEmbeddings',
    category: 'Embeddings',
    description:
      'Turn text into vectors by hashing its words, offline and without a key: it matches shared words, not meaning.',
    icon: 'offlineEmbeddings.svg',
    color: '#A459CF',
    baseClasses: ['OfflineEmbeddings', 'Embeddings'],
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Dimensions',
        name: 'dimensions',
        type: 'number',
        description: 'Length of each vector; more dimensions mean fewer words share a slot.',
        step: 1,
        default: 256,
        optional: true,
        additionalParams: true,
      },
    ],
  },
  run: async ({ inputs }) => hashingEmbedder(readNumber(inputs.dimensions)),
})
