import { defineNode, type NodeRunContext } from '../define-node.js'
import { readString } from '../providers/node-inputs.js'
import { runCollectionStore } from './collection-store.js'
import { searchParams, storeInputs, storeOutputs } from './store-params.js'

/** Opens the table the node's inputs name, for vectors of `dimensions` numbers. */
async function openCollection({ inputs, credential, scope, label }: NodeRunContext, dimensions: number) {
  const url = readString(inputs.supabaseProjUrl)
  const tableName = readString(inputs.tableName)
  const queryName = readString(inputs.queryName)
  if (!url) throw new Error(`${label}: fill in Supabase Project URL.`)
  if (!tableName) throw new Error(`${label}: fill in Table Name.`)
  if (!queryName) throw new Error(`${label}: fill in Query Name (the match function, e.g. match_documents).`)
  if (readString(inputs.supabaseRPCFilter)) {
    throw new Error(`${label}: Weft does not read Supabase RPC Filter yet; use Supabase Metadata Filter instead.`)
  }
  const apiKey = credential?.supabaseApiKey
  if (!apiKey) throw new Error(`${label}: connect a Supabase API credential with the project's API key.`)
  // The Supabase SDK loads with the first run that reaches this store, not when the server starts.
  const { openSupabaseCollection } = await import('./supabase-collection.js')
  return openSupabaseCollection({ url, apiKey, tableName, queryName, dimensions, fetch: scope.fetch })
}

export default defineNode({
  descriptor: {
    label: 'Supabase',
    name: 'supabase',
    version: 1,
    type: 'Supabase',
    category: 'Vector Stores',
    description: 'Store and search document vectors in a Supabase table with pgvector, searched by its match function.',
    icon: 'supabase.svg',
    color: '#3ECF8E',
    baseClasses: ['Supabase', 'VectorStoreRetriever', 'BaseRetriever'],
    credential: { label: 'Connect Credential', credentialNames: ['supabaseApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      ...storeInputs,
      {
        label: 'Supabase Project URL',
        name: 'supabaseProjUrl',
        type: 'string',
        placeholder: 'https://<project>.supabase.co',
      },
      {
        label: 'Table Name',
        name: 'tableName',
        type: 'string',
        description: 'A table with id, content, metadata (jsonb) and embedding (vector) columns.',
      },
      {
        label: 'Query Name',
        name: 'queryName',
        type: 'string',
        description: 'The match function, e.g. match_documents(query_embedding, match_count, filter).',
      },
      {
        label: 'Supabase Metadata Filter',
        name: 'supabaseMetadataFilter',
        type: 'json',
        description: 'Search only rows whose metadata has these values, e.g. { "source": "handbook.pdf" }.',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Supabase RPC Filter',
        name: 'supabaseRPCFilter',
        type: 'string',
        description: 'Flowise’s query-builder filter; not read by Weft yet (a flow that sets it is refused).',
        rows: 4,
        optional: true,
        additionalParams: true,
      },
      ...searchParams,
    ],
    outputs: storeOutputs('Supabase'),
  },
  openCollection,
  run: (context) =>
    runCollectionStore(context, (dimensions) => openCollection(context, dimensions), 'supabaseMetadataFilter'),
})
