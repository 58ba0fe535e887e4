import { matchesMetadataFilter, type MetadataFilter } from '@weft/core'
import { cosineSimilarity } from '../documents/vector-index.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import type { SearchableCollection, VectorHit } from './collection-store.js'
import { bothExpressions, milvusFilterExpression, milvusIdsExpression } from './milvus-filter.js'
import { milvusRest } from './milvus-rest.js'
import { rowIdOf } from './row-ids.js'
import { asStoreError } from './store-errors.js'

// A Milvus collection over Milvus's REST API v2, every request through the outbound guard's fetch. Fields as LangChain's Milvus store (and so Flowise) names them: `langchain_primaryid`,
// `langchain_text`, `langchain_vector`. A collection Weft makes keeps record ids as text and the
// metadata keys in its dynamic field; one Flowise made (a field per key) is read and searched too.

export interface MilvusOptions {
  /** The server, e.g. http://localhost:19530. */
  url: string
  collectionName: string
  dimensions: number
  fetch: OutboundFetch
  /** `user:password`, or a Zilliz Cloud API key. */
  token?: string
  textField?: string
  /** Flowise's Milvus Filter: an expression every search adds. */
  expression?: string
}

export const PRIMARY_FIELD = 'langchain_primaryid'
export const VECTOR_FIELD = 'langchain_vector'
export const TEXT_FIELD = 'langchain_text'
const BATCH = 500
/** Milvus answers a query window of at most 16,384 records. */
const MAX_QUERY_WINDOW = 16_384

interface FieldInfo {
  name: string
  type: string
  primaryKey?: boolean
  autoId?: boolean
  params?: { key: string; value: string }[]
}

export async function openMilvusCollection(options: MilvusOptions): Promise<SearchableCollection> {
  const { collectionName, dimensions, token } = options
  const base = new URL(options.url)
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new Error(`The Milvus Server URL must start with http:// or https://, not ${base.protocol}`)
  }
  const label = `Milvus (collection ${collectionName})`
  const textField = options.textField || TEXT_FIELD
  const rest = milvusRest({ url: base.href, fetch: options.fetch, ...(token ? { token } : {}) })
  const call = <T>(route: string, body: Record<string, unknown>) =>
    asStoreError(label, [token], () => rest<T>(route, { collectionName, ...body }))

  let fields: FieldInfo[] = []
  const describe = async () => {
    const has = await call<{ has?: boolean }>('collections/has', {})
    if (!has?.has) return false
    const info = await call<{ fields?: FieldInfo[] }>('collections/describe', {})
    fields = info?.fields ?? []
    const vector = fields.find((field) => field.type === 'FloatVector')
    const dim = Number(vector?.params?.find((param) => param.key === 'dim')?.value)
    if (vector && dim && dim !== dimensions) {
      throw new Error(
        `${label} keeps vectors of ${dim} numbers, but the embeddings give ${dimensions}. Use another collection.`,
      )
    }
    const state = await call<{ loadState?: string }>('collections/get_load_state', {})
    if (state?.loadState !== 'LoadStateLoaded') await call('collections/load', {})
    return true
  }
  let exists = await describe()
  const primary = () => fields.find((field) => field.primaryKey) ?? { name: PRIMARY_FIELD, type: 'VarChar' }
  const vectorField = () => fields.find((field) => field.type === 'FloatVector')?.name ?? VECTOR_FIELD
  const fieldNames = () => new Set(fields.map((field) => field.name))
  const idOf = (id: string) => (primary().type === 'Int64' ? rowIdOf(id, 'bigint') : id)

  const create = async () => {
    await call('collections/create', {
      schema: {
        autoID: false,
        enabledDynamicField: true,
        fields: [
          { fieldName: PRIMARY_FIELD, dataType: 'VarChar', isPrimary: true, elementTypeParams: { max_length: 512 } },
          { fieldName: textField, dataType: 'VarChar', elementTypeParams: { max_length: 65_535 } },
          { fieldName: VECTOR_FIELD, dataType: 'FloatVector', elementTypeParams: { dim: dimensions } },
        ],
      },
      indexParams: [
        {
          fieldName: VECTOR_FIELD,
          indexName: 'langchain_vector_index',
          metricType: 'COSINE',
          params: { index_type: 'AUTOINDEX' },
        },
      ],
    })
    exists = await describe()
  }

  const checkLength = (vector: number[], what: string) => {
    if (vector.length !== dimensions) {
      throw new Error(`${label} keeps vectors of ${dimensions} numbers, but ${what} has ${vector.length}.`)
    }
  }

  const searchRecords = async (
    vector: number[],
    k: number,
    filter: MetadataFilter | undefined,
  ): Promise<VectorHit[]> => {
    checkLength(vector, 'the query vector')
    const limit = Math.floor(k)
    if (limit < 1 || !exists) return []
    const anns = vectorField()
    const expression = bothExpressions(options.expression, milvusFilterExpression(filter, fieldNames()))
    const found = await call<Record<string, unknown>[]>('entities/search', {
      data: [vector],
      annsField: anns,
      limit,
      outputFields: ['*'],
      consistencyLevel: 'Strong',
      ...(expression ? { filter: expression } : {}),
    })
    const rows = Array.isArray(found) ? found : []
    const hits = rows.map((row) => {
      const { [primary().name]: _id, [textField]: text, [anns]: stored, distance, ...metadata } = row
      const values = Array.isArray(stored) ? (stored as number[]) : []
      return {
        document: { pageContent: typeof text === 'string' ? text : '', metadata },
        score: values.length ? cosineSimilarity(vector, values) : Number(distance ?? 0),
        vector: values,
      }
    })
    return hits.filter((hit) => matchesMetadataFilter(hit.document.metadata, filter))
  }

  /** Milvus answers `count(*)` for every record, and refuses it with a limit. */
  const query = async (outputFields: string[]) => {
    const window = outputFields.includes('count(*)') ? {} : { limit: MAX_QUERY_WINDOW }
    const rows = await call<Record<string, unknown>[]>('entities/query', {
      outputFields,
      filter: '',
      consistencyLevel: 'Strong',
      ...window,
    })
    return Array.isArray(rows) ? rows : []
  }

  return {
    label,
    upsert: async (records) => {
      const latest = [...new Map(records.map((record) => [record.id, record])).values()]
      for (const record of latest) checkLength(record.vector, `chunk ${record.id}`)
      if (latest.length === 0) return
      if (!exists) await create()
      if (primary().autoId) {
        throw new Error(
          `${label} makes its own ids (autoID), so Weft cannot replace what it wrote; use a new collection name.`,
        )
      }
      for (let at = 0; at < latest.length; at += BATCH) {
        const data = latest.slice(at, at + BATCH).map((record) => ({
          ...record.document.metadata,
          [primary().name]: idOf(record.id),
          [textField]: record.document.pageContent,
          [vectorField()]: record.vector,
        }))
        await call('entities/upsert', { data })
      }
    },
    delete: async (ids) => {
      if (!exists || ids.length === 0) return
      for (let at = 0; at < ids.length; at += BATCH) {
        const filter = milvusIdsExpression(primary().name, ids.slice(at, at + BATCH).map(idOf))
        await call('entities/delete', { filter })
      }
    },
    clear: async () => {
      if (exists) await call('collections/drop', {})
      exists = false
      fields = []
    },
    search: async (vector, k, filter) =>
      (await searchRecords(vector, k, filter)).map(({ document, score }) => ({ document, score })),
    searchWithVectors: (vector, k, filter) => searchRecords(vector, k, filter),
    ids: async () => (exists ? (await query([primary().name])).map((row) => String(row[primary().name])) : []),
    count: async () => {
      if (!exists) return 0
      const [row] = await query(['count(*)'])
      return Number(row?.['count(*)'] ?? 0)
    },
    close: async () => undefined,
  }
}
