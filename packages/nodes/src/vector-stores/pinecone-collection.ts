import { Pinecone, type RecordMetadata } from '@pinecone-database/pinecone'
import { matchesMetadataFilter, type MetadataFilter } from '@weft/core'
import type { VectorRecord } from '../documents/vector-collection.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import type { SearchableCollection, VectorHit } from './collection-store.js'
import { PINECONE_TEXT_KEY, pineconeFilter, pineconeMetadata } from './pinecone-metadata.js'
import { asStoreError } from './store-errors.js'

// A namespace of an existing Pinecone index through Pinecone's SDK, every request (control plane and
// the index's host) through the outbound guard's fetch.

export interface PineconeOptions {
  indexName: string
  /** Empty: the index's default namespace. */
  namespace?: string
  apiKey: string
  dimensions: number
  fetch: OutboundFetch
  /** The control plane, https://api.pinecone.io unless set (Pinecone Local: http://localhost:5080). */
  controllerUrl?: string
  /** A filter in Pinecone's own language (Flowise's Pinecone Metadata Filter), added to every search. */
  nativeFilter?: Record<string, unknown>
}

const BATCH = 100
const LIST_PAGE = 100

/** Opens the index, refusing one made for another vector length; Pinecone indexes are made in its console. */
export async function openPineconeCollection(options: PineconeOptions): Promise<SearchableCollection> {
  const { indexName, apiKey, dimensions } = options
  const namespace = options.namespace ?? ''
  const label = `Pinecone (index ${indexName}${namespace ? `, namespace ${namespace}` : ''})`
  const guarded = <T>(work: () => Promise<T>) => asStoreError(label, [apiKey], work)
  const client = new Pinecone({
    apiKey,
    fetchApi: options.fetch,
    maxRetries: 1,
    ...(options.controllerUrl ? { controllerHostUrl: options.controllerUrl.replace(/\/+$/, '') } : {}),
  })
  const described = await guarded(() => client.describeIndex(indexName)).catch((error: Error) => {
    if (/not found|404/i.test(error.message)) {
      throw new Error(`${label}: there is no such index. Create it in Pinecone with dimension ${dimensions}.`)
    }
    throw error
  })
  if (described.dimension !== undefined && described.dimension !== dimensions) {
    throw new Error(
      `${label} keeps vectors of ${described.dimension} numbers, but the embeddings give ${dimensions}. ` +
        'Use another index, or the embeddings the index was filled with.',
    )
  }
  // The host it named, not the SDK's process-wide cache of hosts by key and index name.
  const index = client.index<RecordMetadata>(indexName, described.host).namespace(namespace)

  const checkLength = (vector: number[], what: string) => {
    if (vector.length !== dimensions) {
      throw new Error(`${label} keeps vectors of ${dimensions} numbers, but ${what} has ${vector.length}.`)
    }
  }
  const recordOf = (record: VectorRecord) => ({
    id: record.id,
    values: record.vector,
    metadata: pineconeMetadata(record.document.pageContent, record.document.metadata),
  })

  const searchRecords = async (
    vector: number[],
    k: number,
    filter: MetadataFilter | undefined,
    withVectors: boolean,
  ): Promise<VectorHit[]> => {
    checkLength(vector, 'the query vector')
    const topK = Math.floor(k)
    if (topK < 1) return []
    const own = pineconeFilter(filter)
    const native = options.nativeFilter
    const where = native && own ? { $and: [native, own] } : (native ?? own)
    const answer = await guarded(() =>
      index.query({
        vector,
        topK,
        includeMetadata: true,
        includeValues: withVectors,
        ...(where ? { filter: where } : {}),
      }),
    )
    const hits = answer.matches.map((match) => {
      const { [PINECONE_TEXT_KEY]: text, ...metadata } = match.metadata ?? {}
      return {
        document: { pageContent: typeof text === 'string' ? text : '', metadata: metadata as Record<string, unknown> },
        score: match.score ?? 0,
        vector: match.values ?? [],
      }
    })
    return hits.filter((hit) => matchesMetadataFilter(hit.document.metadata, filter))
  }

  return {
    label,
    upsert: async (records) => {
      const latest = [...new Map(records.map((record) => [record.id, record])).values()]
      for (const record of latest) checkLength(record.vector, `chunk ${record.id}`)
      for (let at = 0; at < latest.length; at += BATCH) {
        const batch = latest.slice(at, at + BATCH).map(recordOf)
        await guarded(() => index.upsert(batch))
      }
    },
    delete: async (ids) => {
      for (let at = 0; at < ids.length; at += BATCH) {
        const batch = ids.slice(at, at + BATCH)
        await guarded(() => index.deleteMany(batch))
      }
    },
    clear: async () => {
      // Pinecone answers 404 for a namespace that holds nothing yet.
      await guarded(() => index.deleteAll()).catch((error: Error) => {
        if (!/not found|404/i.test(error.message)) throw error
      })
    },
    search: async (vector, k, filter) =>
      (await searchRecords(vector, k, filter, false)).map(({ document, score }) => ({ document, score })),
    searchWithVectors: (vector, k, filter) => searchRecords(vector, k, filter, true),
    ids: async () => {
      const ids: string[] = []
      let paginationToken: string | undefined
      do {
        const token = paginationToken
        const page = await guarded(() =>
          index.listPaginated({ limit: LIST_PAGE, ...(token ? { paginationToken: token } : {}) }),
        )
        for (const item of page.vectors ?? []) if (item.id) ids.push(item.id)
        paginationToken = page.pagination?.next
      } while (paginationToken)
      return ids
    },
    count: async () => {
      const stats = await guarded(() => index.describeIndexStats())
      const summary = stats.namespaces?.[namespace] ?? (namespace ? undefined : stats.namespaces?.__default__)
      return summary?.recordCount ?? 0
    },
    close: async () => undefined,
  }
}
