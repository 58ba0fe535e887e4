import { defineNode } from '../define-node.js'
import { openAIEmbedder } from '../providers/openai.js'
import { listKnownModels } from '../shared/known-models.js'
import { timeoutParam } from '../shared/model-params.js'
import { batchSizeParam, dimensionsParam, stripNewLinesParam } from './embedding-params.js'

export default defineNode({
  descriptor: {
    label: 'OpenAI Embeddings',
    name: 'openAIEmbeddings',
    version: 1,
    type: 'OpenAIEmbeddings',
    category: 'Embeddings',
    description: 'Turn text into vectors with the OpenAI embeddings API.',
    icon: 'openAIEmbeddings.svg',
    color: '#7341C8',
    baseClasses: ['OpenAIEmbeddings', 'Embeddings'],
    credential: { label: 'Connect Credential', credentialNames: ['openAIApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'text-embedding-3-small',
      },
      stripNewLinesParam,
      batchSizeParam,
      timeoutParam,
      dimensionsParam,
      {
        label: 'Base Path',
        name: 'basePath',
        type: 'string',
        description: 'Send requests to this address instead of api.openai.com, for example a proxy.',
        placeholder: 'https://api.openai.com/v1',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  loadMethods: {
    listModels: listKnownModels(['text-embedding-3-small', 'text-embedding-3-large', 'text-embedding-ada-002']),
  },
  run: async ({ inputs, credential, scope }) => openAIEmbedder(inputs, credential, scope.fetch),
})
