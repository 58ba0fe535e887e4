import { defineNode } from '../define-node.js'
import { googleEmbedder } from '../providers/google.js'
import { listKnownModels } from '../shared/known-models.js'
import { stripNewLinesParam } from './embedding-params.js'

const TASK_TYPES = [
  'TASK_TYPE_UNSPECIFIED',
  'RETRIEVAL_QUERY',
  'RETRIEVAL_DOCUMENT',
  'SEMANTIC_SIMILARITY',
  'CLASSIFICATION',
  'CLUSTERING',
]

export default defineNode({
  descriptor: {
    label: 'GoogleGenerativeAI Embeddings',
    name: 'googleGenerativeAiEmbeddings',
    version: 1,
    type: 'GoogleGenerativeAiEmbeddings',
    category: 'Embeddings',
    description: 'Turn text into vectors with the Gemini embeddings API (Google AI Studio).',
    icon: 'googleGenerativeAiEmbeddings.svg',
    color: '#4285F4',
    baseClasses: ['GoogleGenerativeAiEmbeddings', 'Embeddings'],
    credential: { label: 'Connect Credential', credentialNames: ['googleGenerativeAI'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'gemini-embedding-001',
      },
      {
        label: 'Task Type',
        name: 'tasktype',
        type: 'options',
        description: 'What the vectors are for; Gemini tunes them to it.',
        options: TASK_TYPES.map((name) => ({ label: name, name })),
        default: 'TASK_TYPE_UNSPECIFIED',
      },
      stripNewLinesParam,
    ],
  },
  loadMethods: { listModels: listKnownModels(['gemini-embedding-001']) },
  run: async ({ inputs, credential, scope }) => googleEmbedder(inputs, credential, scope.fetch),
})
