import { defineNode } from '../define-node.js'
import { mistralEmbedder } from '../providers/mistral.js'
import { listKnownModels } from '../shared/known-models.js'
import { batchSizeParam, stripNewLinesParam } from './embedding-params.js'

export default defineNode({
  descriptor: {
    label: 'MistralAI Embeddings',
    name: 'mistralAIEmbeddings',
    version: 1,
    type: 'MistralAIEmbeddings',
    category: 'Embeddings',
    description: 'Turn text into vectors with the Mistral AI embeddings API.',
    icon: 'mistralAIEmbeddings.svg',
    color: '#E8590C',
    baseClasses: ['MistralAIEmbeddings', 'Embeddings'],
    credential: { label: 'Connect Credential', credentialNames: ['mistralAIApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'mistral-embed',
      },
      { ...batchSizeParam, default: 512 },
      { ...stripNewLinesParam, default: true },
      {
        label: 'Override Endpoint',
        name: 'overrideEndpoint',
        type: 'string',
        description: 'Send requests to this address instead of api.mistral.ai, for example a proxy.',
        placeholder: 'https://api.mistral.ai',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  loadMethods: { listModels: listKnownModels(['mistral-embed', 'codestral-embed']) },
  run: async ({ inputs, credential, scope }) => mistralEmbedder(inputs, credential, scope.fetch),
})
