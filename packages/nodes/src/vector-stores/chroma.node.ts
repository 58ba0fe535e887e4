import { defineNode, type NodeRunContext } from '../define-node.js'
import { readString } from '../providers/node-inputs.js'
import { runCollectionStore } from './collection-store.js'
import { nativeFilterOf } from './native-filter.js'
import { storeInputs, storeOutputs, topKParam } from './store-params.js'

/** Chroma Cloud, where Flowise sends a key with a tenant or database when no URL is given. */
const CHROMA_CLOUD = 'https://api.trychroma.com:8000'
const LOCAL_CHROMA = 'http://localhost:8000'

/** Opens the collection the node's inputs name, for vectors of `dimensions` numbers. */
async function openCollection({ inputs, credential, scope, label }: NodeRunContext, dimensions: number) {
  const collectionName = readString(inputs.collectionName)
  if (!collectionName) throw new Error(`${label}: fill in Collection Name.`)
  const apiKey = credential?.chromaApiKey
  const tenant = credential?.chromaTenant
  const database = credential?.chromaDatabase
  const nativeFilter = nativeFilterOf(inputs.chromaMetadataFilter, label, 'Chroma Metadata Filter')
  const url = readString(inputs.chromaURL) ?? (apiKey && (tenant || database) ? CHROMA_CLOUD : LOCAL_CHROMA)
  // The Chroma SDK loads with the first run that reaches this store, not when the server starts.
  const { openChromaCollection } = await import('./chroma-collection.js')
  return openChromaCollection({
    url,
    collectionName,
    dimensions,
    fetch: scope.fetch,
    ...(apiKey ? { apiKey } : {}),
    ...(tenant ? { tenant } : {}),
    ...(database ? { database } : {}),
    ...(nativeFilter ? { nativeFilter } : {}),
  })
}

export default defineNode({
  descriptor: {
    label: 'Chroma',
    name: 'chroma',
    version: 1,
    type: 'Chroma',
    category: 'Vector Stores',
    description: 'Store and search document vectors in Chroma, an open-source embedding database reached by its URL.',
    icon: 'chroma.svg',
    color: '#FF6446',
    baseClasses: ['Chroma', 'VectorStoreRetriever', 'BaseRetriever'],
    // Only needed for a server that asks for an API key (Chroma Cloud, or token auth).
    credential: { label: 'Connect Credential', credentialNames: ['chromaApi'], optional: true },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      ...storeInputs,
      { label: 'Collection Name', name: 'collectionName', type: 'string' },
      {
        label: 'Chroma URL',
        name: 'chromaURL',
        type: 'string',
        description: 'The server, e.g. http://localhost:8000 (the default).',
        placeholder: LOCAL_CHROMA,
        optional: true,
      },
      {
        label: 'Chroma Metadata Filter',
        name: 'chromaMetadataFilter',
        type: 'json',
        description:
          'Search only chunks whose metadata has these values, e.g. { "source": "handbook.pdf" }, or a where in Chroma’s own form.',
        optional: true,
        additionalParams: true,
      },
      topKParam,
    ],
    outputs: storeOutputs('Chroma'),
  },
  openCollection,
  run: (context) => {
    // A where in Chroma's own form goes to Chroma as it is (openCollection); plain values are the metadata filter.
    const open = (dimensions: number) => openCollection(context, dimensions)
    const native = nativeFilterOf(context.inputs.chromaMetadataFilter, context.label, 'Chroma Metadata Filter')
    return native ? runCollectionStore(context, open) : runCollectionStore(context, open, 'chromaMetadataFilter')
  },
})
