import { defineNode } from '../define-node.js'
import { azureEmbedder } from '../providers/azure-openai.js'
import { timeoutParam } from '../shared/model-params.js'
import { batchSizeParam, dimensionsParam, stripNewLinesParam } from './embedding-params.js'

export default defineNode({
  descriptor: {
    label: 'Azure OpenAI Embeddings',
    name: 'azureOpenAIEmbeddings',
    version: 1,
    type: 'AzureOpenAIEmbeddings',
    category: 'Embeddings',
    description:
      "Turn text into vectors with an embedding model deployed in Azure OpenAI (the credential's deployment).",
    icon: 'azureOpenAIEmbeddings.svg',
    color: '#0A66C2',
    baseClasses: ['AzureOpenAIEmbeddings', 'Embeddings'],
    credential: { label: 'Connect Credential', credentialNames: ['azureOpenAIApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [{ ...batchSizeParam, default: 1 }, timeoutParam, stripNewLinesParam, dimensionsParam],
  },
  run: async ({ inputs, credential, scope }) => azureEmbedder(inputs, credential, scope.fetch),
})
