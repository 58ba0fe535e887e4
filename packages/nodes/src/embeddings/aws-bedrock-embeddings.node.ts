import { defineNode } from '../define-node.js'
import { bedrockEmbedder } from '../providers/bedrock.js'
import { bedrockModelParam, customModelParam, listAwsRegions, regionParam } from '../shared/aws-params.js'
import { listKnownModels } from '../shared/known-models.js'
import { batchSizeParam } from './embedding-params.js'

const MODELS = [
  'amazon.titan-embed-text-v1',
  'amazon.titan-embed-text-v2:0',
  'amazon.titan-embed-g1-text-02',
  'cohere.embed-english-v3',
  'cohere.embed-multilingual-v3',
]

export default defineNode({
  descriptor: {
    label: 'AWS Bedrock Embeddings',
    name: 'AWSBedrockEmbeddings',
    version: 1,
    type: 'AWSBedrockEmbeddings',
    category: 'Embeddings',
    description: 'Turn text into vectors with the Titan or Cohere embedding models of Amazon Bedrock.',
    icon: 'AWSBedrockEmbeddings.svg',
    color: '#E68A00',
    baseClasses: ['AWSBedrockEmbeddings', 'Embeddings'],
    credential: { label: 'AWS Credential', credentialNames: ['awsApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      regionParam,
      bedrockModelParam(MODELS[0]!),
      customModelParam,
      {
        label: 'Cohere Input Type',
        name: 'inputType',
        type: 'options',
        description: 'What the texts are for; Cohere embedding models v3 and later need it.',
        options: [
          { label: 'search_document', name: 'search_document' },
          { label: 'search_query', name: 'search_query' },
          { label: 'classification', name: 'classification' },
          { label: 'clustering', name: 'clustering' },
        ],
        optional: true,
      },
      { ...batchSizeParam, default: 50 },
    ],
  },
  loadMethods: { listRegions: listAwsRegions, listModels: listKnownModels(MODELS) },
  run: async ({ inputs, credential, scope }) => bedrockEmbedder(inputs, credential, scope.fetch),
})
