import type { InputParam } from '@weft/core'
import { defineNode, type NodeRunContext } from '../define-node.js'
import { readString } from '../providers/node-inputs.js'
import { runCollectionStore } from './collection-store.js'
import { nativeFilterOf } from './native-filter.js'
import { searchParams, storeInputs, storeOutputs } from './store-params.js'

/** Opens the index the node's inputs name, for vectors of `dimensions` numbers. */
export async function openCollection({ inputs, credential, scope, label }: NodeRunContext, dimensions: number) {
  const indexName = readString(inputs.pineconeIndex)
  if (!indexName) throw new Error(`${label}: fill in Pinecone Index.`)
  const apiKey = credential?.pineconeApiKey
  if (!apiKey) throw new Error(`${label}: connect a Pinecone API credential with the API key.`)
  const namespace = readString(inputs.pineconeNamespace)
  const controllerUrl = readString(inputs.pineconeControllerUrl)
  const nativeFilter = nativeFilterOf(inputs.pineconeMetadataFilter, label, 'Pinecone Metadata Filter')
  // The Pinecone SDK loads with the first run that reaches this store, not when the server starts.
  const { openPineconeCollection } = await import('./pinecone-collection.js')
  return openPineconeCollection({
    indexName,
    apiKey,
    dimensions,
    fetch: scope.fetch,
    ...(namespace ? { namespace } : {}),
    ...(controllerUrl ? { controllerUrl } : {}),
    ...(nativeFilter ? { nativeFilter } : {}),
  })
}

/** The index, namespace, filter and address inputs the Pinecone nodes share. */
export const pineconeInputs: InputParam[] = [
  {
    label: 'Pinecone Index',
    name: 'pineconeIndex',
    type: 'string',
    description: 'An index made in Pinecone with the embeddings’ dimension and the cosine metric.',
  },
  {
    label: 'Pinecone Namespace',
    name: 'pineconeNamespace',
    type: 'string',
    placeholder: 'my-first-namespace',
    optional: true,
    additionalParams: true,
  },
  {
    label: 'Pinecone Metadata Filter',
    name: 'pineconeMetadataFilter',
    type: 'json',
    description:
      'Search only records whose metadata has these values, e.g. { "source": "handbook.pdf" }, or a filter in Pinecone’s own form.',
    optional: true,
    additionalParams: true,
  },
  {
    label: 'Pinecone Controller URL',
    name: 'pineconeControllerUrl',
    type: 'string',
    description:
      'Where Pinecone’s control plane is: leave empty for Pinecone’s service, or e.g. http://localhost:5080 for Pinecone Local.',
    placeholder: 'https://api.pinecone.io',
    optional: true,
    additionalParams: true,
  },
]

export default defineNode({
  descriptor: {
    label: 'Pinecone',
    name: 'pinecone',
    version: 1,
    type: 'Pinecone',
    category: 'Vector Stores',
    description: 'Store and search document vectors in an index of Pinecone, a hosted vector database.',
    icon: 'pinecone.svg',
    color: '#1C17FF',
    baseClasses: ['Pinecone', 'VectorStoreRetriever', 'BaseRetriever'],
    credential: { label: 'Connect Credential', credentialNames: ['pineconeApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [...storeInputs, ...pineconeInputs, ...searchParams],
    outputs: storeOutputs('Pinecone'),
  },
  openCollection,
  run: runPinecone,
})

/** Stores and searches the index; a filter in Pinecone's own form goes to Pinecone as it is, plain values are the metadata filter. */
export function runPinecone(context: NodeRunContext) {
  const open = (dimensions: number) => openCollection(context, dimensions)
  const native = nativeFilterOf(context.inputs.pineconeMetadataFilter, context.label, 'Pinecone Metadata Filter')
  return native ? runCollectionStore(context, open) : runCollectionStore(context, open, 'pineconeMetadataFilter')
}
