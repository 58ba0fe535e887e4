import { defineNode, notRunnableYet } from '../define-node.js'
import { timeoutParam } from '../shared/model-params.js'
import { listOpenAICompatibleModels } from '../shared/server-models.js'
import { batchSizeParam, dimensionsParam, stripNewLinesParam } from './embedding-params.js'

export default defineNode({
  descriptor: {
    label: 'OpenAI Compatible Embeddings',
    name: 'openAIEmbeddingsCustom',
    version: 1,
    type: 'OpenAIEmbeddingsCustom',
    category: 'Embeddings',
    description: 'Turn text into vectors with any server that speaks the OpenAI embeddings API.',
    icon: 'openAIEmbeddingsCustom.svg',
    color: '#8F51CD',
    baseClasses: ['OpenAIEmbeddingsCustom', 'Embeddings'],
    credential: { label: 'Connect Credential', credentialNames: ['openAIApi'], optional: true },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Base Path',
        name: 'basePath',
        type: 'string',
        description: 'The address of the server, usually ending in /v1.',
        placeholder: 'http://localhost:8000/v1',
      },
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        loadConfig: true,
        description: 'Listed from the server at the Base Path.',
      },
      stripNewLinesParam,
      batchSizeParam,
      timeoutParam,
      dimensionsParam,
    ],
  },
  loadMethods: { listModels: listOpenAICompatibleModels() },
  run: notRunnableYet,
})
