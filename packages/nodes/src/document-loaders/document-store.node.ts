import { failure } from '@weft/core'
import { defineNode } from '../define-node.js'
import { loaderOutput } from '../documents/loader-output.js'
import { readText } from '../runtime/read-input.js'
import { DOCUMENT_CLASSES, LOADER_OUTPUTS } from './loader-params.js'

// The chunks a document store of the workspace holds, loaded as documents (Flowise's Document
// Store loader): what its loaders read and split on the Document Stores page, upserted or not.

/** The picked store's id: Flowise saves the id; a `<id>:<name>` pick works too (ids are UUIDs). */
const storeIdOf = (value: unknown) => readText(value).trim().split(':')[0]!

export default defineNode({
  descriptor: {
    label: 'Document Store',
    name: 'documentStore',
    version: 1,
    type: 'Document',
    category: 'Document Loaders',
    description: 'Load the chunks of a document store of this workspace, made on the Document Stores page.',
    icon: 'documentStore.svg',
    color: '#4E7F3A',
    baseClasses: DOCUMENT_CLASSES,
    canvases: ['chatflow', 'sequential'],
    inputs: [{ label: 'Select Store', name: 'selectedStore', type: 'asyncOptions', loadMethod: 'listChunkedStores' }],
    outputs: LOADER_OUTPUTS,
  },
  run: async (context) => {
    const storeId = storeIdOf(context.inputs.selectedStore)
    if (storeId === '') throw failure('configuration', 'Select Store is empty: pick the document store to load.')
    const stores = context.scope.documentStores
    if (!stores) throw new Error('Document stores cannot be read here.')
    return loaderOutput(await stores.chunks(storeId), context)
  },
})
