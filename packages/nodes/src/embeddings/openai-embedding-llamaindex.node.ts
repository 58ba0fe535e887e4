import { defineNode } from '../define-node.js'
import { openAIEmbedder } from '../providers/openai.js'
import { timeoutParam } from '../shared/model-params.js'

// Flowise's LlamaIndex flavour of OpenAI Embeddings, which its LlamaIndex templates use: the same
// OpenAI embeddings under Flowise's name and inputs (its Base Path is spelled `basepath`).

const MODELS = ['text-embedding-3-large', 'text-embedding-3-small', 'text-embedding-ada-002']

export default defineNode({
  descriptor: {
    label: 'OpenAI Embedding (LlamaIndex)',
    name: 'openAIEmbedding_LlamaIndex',
    version: 1,
    type: 'OpenAIEmbedding',
    category: 'Embeddings',
    description: "OpenAI Embeddings as Flowise's LlamaIndex flows name them: the same OpenAI embeddings API.",
    icon: 'openAIEmbedding_LlamaIndex.svg',
    color: '#5A3FB8',
    baseClasses: ['OpenAIEmbedding', 'BaseEmbedding_LlamaIndex', 'Embeddings'],
    credential: { label: 'Connect Credential', credentialNames: ['openAIApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'options',
        options: MODELS.map((name) => ({ label: name, name })),
        default: 'text-embedding-ada-002',
        optional: true,
      },
      timeoutParam,
      {
        label: 'BasePath',
        name: 'basepath',
        type: 'string',
        description: 'Send requests to this address instead of api.openai.com, for example a proxy.',
        placeholder: 'https://api.openai.com/v1',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  run: async ({ inputs, credential, scope }) => openAIEmbedder(inputs, credential, scope.fetch),
})
