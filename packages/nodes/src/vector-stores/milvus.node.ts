import { defineNode, type NodeRunContext } from '../define-node.js'
import { readString } from '../providers/node-inputs.js'
import { runCollectionStore } from './collection-store.js'
import { openMilvusCollection } from './milvus-collection.js'
import { storeInputs, storeOutputs, topKParam } from './store-params.js'

/** Opens the collection the node's inputs name, for vectors of `dimensions` numbers. */
async function openCollection({ inputs, credential, scope, label }: NodeRunContext, dimensions: number) {
  const url = readString(inputs.milvusServerUrl)
  const collectionName = readString(inputs.milvusCollection)
  if (!url) throw new Error(`${label}: fill in Milvus Server URL.`)
  if (!collectionName) throw new Error(`${label}: fill in Milvus Collection Name.`)
  const partition = readString(inputs.milvusPartition)
  if (partition && partition !== '_default') {
    throw new Error(`${label}: Weft reads the _default partition only; clear Milvus Partition Name.`)
  }
  const user = credential?.milvusUser
  const password = credential?.milvusPassword
  const token = user && password ? `${user}:${password}` : password
  const textField = readString(inputs.milvusTextField)
  const expression = readString(inputs.milvusFilter)
  return openMilvusCollection({
    url,
    collectionName,
    dimensions,
    fetch: scope.fetch,
    ...(token ? { token } : {}),
    ...(textField ? { textField } : {}),
    ...(expression ? { expression } : {}),
  })
}

export default defineNode({
  descriptor: {
    label: 'Milvus',
    name: 'milvus',
    version: 1,
    type: 'Milvus',
    category: 'Vector Stores',
    description:
      'Store and search document vectors in Milvus (or Zilliz Cloud) through its REST API, reached by its URL.',
    icon: 'milvus.svg',
    color: '#00A1EA',
    baseClasses: ['Milvus', 'VectorStoreRetriever', 'BaseRetriever'],
    credential: { label: 'Connect Credential', credentialNames: ['milvusAuth'], optional: true },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      ...storeInputs,
      { label: 'Milvus Server URL', name: 'milvusServerUrl', type: 'string', placeholder: 'http://localhost:19530' },
      { label: 'Milvus Collection Name', name: 'milvusCollection', type: 'string' },
      {
        label: 'Milvus Partition Name',
        name: 'milvusPartition',
        type: 'string',
        description: 'Weft reads and writes the _default partition.',
        default: '_default',
        optional: true,
      },
      {
        label: 'Milvus Text Field',
        name: 'milvusTextField',
        type: 'string',
        placeholder: 'langchain_text',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Milvus Filter',
        name: 'milvusFilter',
        type: 'string',
        description: 'A Milvus filter expression every search adds, e.g. source == "handbook.pdf".',
        placeholder: 'doc=="a"',
        optional: true,
        additionalParams: true,
      },
      topKParam,
    ],
    outputs: storeOutputs('Milvus'),
  },
  openCollection,
  run: (context) => runCollectionStore(context, (dimensions) => openCollection(context, dimensions)),
})
