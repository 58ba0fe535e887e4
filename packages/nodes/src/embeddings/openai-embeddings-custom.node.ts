import { defineNode } from '../define-node.js'
import { openAICompatibleEmbedder } from '../providers/openai-compatible.js'
import { timeoutParam } from '../shared/model-params.js'
import { listOpenAICompatibleModels } from '../shared/server-models.js'
import { batchSizeParam, dimensionsParam, stripNewLinesParam } from './embedding-params.js'
import { openAICompatibleParams } from '../shared/server-params.js'

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
    inputs: [...openAICompatibleParams, stripNewLinesParam, batchSizeParam, timeoutParam, dimensionsParam],
  },
  loadMethods: { listModels: listOpenAICompatibleModels() },
  run: async ({ inputs, credential, scope }) => openAICompatibleEmbedder(inputs, credential, scope.fetch),
})
