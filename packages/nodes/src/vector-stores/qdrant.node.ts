import { defineNode, type NodeRunContext } from '../define-node.js'
import { readNumber, readString } from '../providers/node-inputs.js'
import { runCollectionStore } from './collection-store.js'
import { openQdrantCollection, type QdrantDistance } from './qdrant-collection.js'
import { searchParams, storeInputs, storeOutputs } from './store-params.js'

const DISTANCES: readonly QdrantDistance[] = ['Cosine', 'Euclid', 'Dot']

/** Opens the collection the node's inputs name, for vectors of `dimensions` numbers. */
async function openCollection({ inputs, credential, scope, label }: NodeRunContext, dimensions: number) {
  const url = readString(inputs.qdrantServerUrl)
  const collectionName = readString(inputs.qdrantCollection)
  if (!url) throw new Error(`${label}: fill in Qdrant Server URL.`)
  if (!collectionName) throw new Error(`${label}: fill in Qdrant Collection Name.`)
  const declared = readNumber(inputs.qdrantVectorDimension)
  if (declared !== undefined && declared !== dimensions) {
    throw new Error(
      `${label}: Vector Dimension says ${declared}, but the embeddings give vectors of ${dimensions} numbers. ` +
        'Set it to the embeddings’ length or leave it empty.',
    )
  }
  const similarity = readString(inputs.qdrantSimilarity)
  const distance = DISTANCES.find((name) => name === similarity) ?? 'Cosine'
  const batchSize = readNumber(inputs.batchSize)
  const apiKey = credential?.qdrantApiKey
  return openQdrantCollection({
    url,
    collectionName,
    dimensions,
    fetch: scope.fetch,
    distance,
    ...(apiKey ? { apiKey } : {}),
    ...(batchSize !== undefined && batchSize >= 1 ? { batchSize } : {}),
    contentKey: readString(inputs.contentPayloadKey) ?? 'content',
    metadataKey: readString(inputs.metadataPayloadKey) ?? 'metadata',
  })
}

export default defineNode({
  descriptor: {
    label: 'Qdrant',
    name: 'qdrant',
    version: 1,
    type: 'Qdrant',
    category: 'Vector Stores',
    description: 'Store and search document vectors in Qdrant, a vector database reached by its URL.',
    icon: 'qdrant.svg',
    color: '#DC244C',
    baseClasses: ['Qdrant', 'VectorStoreRetriever', 'BaseRetriever'],
    credential: { label: 'Connect Credential', credentialNames: ['qdrantApi'], optional: true },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      ...storeInputs,
      { label: 'Qdrant Server URL', name: 'qdrantServerUrl', type: 'string', placeholder: 'http://localhost:6333' },
      { label: 'Qdrant Collection Name', name: 'qdrantCollection', type: 'string' },
      {
        label: 'Vector Dimension',
        name: 'qdrantVectorDimension',
        type: 'number',
        description: 'Length of the vectors; taken from the embeddings when empty.',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Content Key',
        name: 'contentPayloadKey',
        type: 'string',
        description: 'The payload key that holds the text.',
        default: 'content',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Metadata Key',
        name: 'metadataPayloadKey',
        type: 'string',
        description: 'The payload key that holds the metadata.',
        default: 'metadata',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Upsert Batch Size',
        name: 'batchSize',
        type: 'number',
        description: 'Points sent per request when adding documents.',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Similarity',
        name: 'qdrantSimilarity',
        type: 'options',
        description: 'How a new collection compares vectors; an existing collection keeps its own.',
        options: [
          { label: 'Cosine', name: 'Cosine' },
          { label: 'Euclidean', name: 'Euclid' },
          { label: 'Dot Product', name: 'Dot' },
        ],
        default: 'Cosine',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Qdrant Search Filter',
        name: 'qdrantFilter',
        type: 'json',
        description: 'Search only points whose metadata has these values, e.g. { "source": "handbook.pdf" }.',
        optional: true,
        additionalParams: true,
      },
      ...searchParams,
    ],
    outputs: storeOutputs('Qdrant'),
  },
  openCollection,
  run: (context) => runCollectionStore(context, (dimensions) => openCollection(context, dimensions), 'qdrantFilter'),
})
