import { defineNode } from '../define-node.js'
import { huggingFaceEmbedder } from '../providers/hosted-embeddings.js'

export default defineNode({
  descriptor: {
    label: 'HuggingFace Inference Embeddings',
    name: 'huggingFaceInferenceEmbeddings',
    version: 1,
    type: 'HuggingFaceInferenceEmbeddings',
    category: 'Embeddings',
    description: 'Turn text into vectors with a model on the Hugging Face inference API or your own endpoint.',
    icon: 'huggingFaceInferenceEmbeddings.svg',
    color: '#FFB000',
    baseClasses: ['HuggingFaceInferenceEmbeddings', 'Embeddings'],
    credential: { label: 'Connect Credential', credentialNames: ['huggingFaceApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Model',
        name: 'modelName',
        type: 'string',
        description: 'If using own inference endpoint, leave this blank.',
        placeholder: 'sentence-transformers/distilbert-base-nli-mean-tokens',
        optional: true,
      },
      {
        label: 'Endpoint',
        name: 'endpoint',
        type: 'string',
        description: 'The address of your own inference endpoint.',
        placeholder: 'https://xyz.eu-west-1.aws.endpoints.huggingface.cloud/sentence-transformers/all-MiniLM-L6-v2',
        optional: true,
      },
    ],
  },
  run: async ({ inputs, credential, scope }) => huggingFaceEmbedder(inputs, credential, scope.fetch),
})
