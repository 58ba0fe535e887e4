import { ChromaClient, type Collection, type Metadata, type Where } from 'chromadb'
import { matchesMetadataFilter, type MetadataFilter } from '@weft/core'
import { cosineSimilarity } from '../documents/vector-index.js'
import type { VectorRecord } from '../documents/vector-collection.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import { chromaWhere } from './chroma-filter.js'
import type { SearchableCollection, VectorHit } from './collection-store.js'
import { flattenMetadata } from './flat-metadata.js'
import { asStoreError } from './store-errors.js'

// A Chroma collection through the chromadb SDK. The SDK takes no fetch of its own (its requests go
// to the global fetch), so its HTTP client is handed the outbound guard's fetch after it is made:
// every request, to the server a user chose, passes the guard. Scores are cosine similarity worked
// out from the vectors found, whatever distance the collection was made with (Flowise's are L2).

export interface ChromaOptions {
  /** The server, e.g. http://localhost:8000. */
  url: string
  collectionName: string
  dimensions: number
  fetch: OutboundFetch
  apiKey?: string
  tenant?: string
  database?: string
  /** A `where` in Chroma's own language (Flowise's Chroma Metadata Filter), added to every search. */
  nativeFilter?: Record<string, unknown>
}

const PAGE = 1000

/** The SDK's HTTP client: not a public property, but the one place its requests are sent from. */
interface WithApiClient {
  apiClient?: { setConfig: (config: { fetch: OutboundFetch }) => unknown }
}

class ChromaAnswered extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(
      `Chroma answered ${status}${reason ? `: ${reason}` : ''}.${status === 401 || status === 403 ? ' Check the Chroma API credential.' : ''}`,
    )
  }
}

/** The guard's fetch, with Chroma's error answers turned into errors as the SDK's own fetch does. */
function chromaFetch(guarded: OutboundFetch): OutboundFetch {
  return async (input, init) => {
    const response = await guarded(input, init)
    if (response.ok) return response
    let reason = ''
    try {
      const body = (await response.clone().json()) as { message?: string; error?: string }
      reason = String(body.message ?? body.error ?? '').slice(0, 200)
    } catch {
      reason = response.statusText
    }
    throw new ChromaAnswered(response.status, reason)
  }
}

export async function openChromaCollection(options: ChromaOptions): Promise<SearchableCollection> {
  const { dimensions, apiKey, collectionName } = options
  const base = new URL(options.url)
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new Error(`The Chroma URL must start with http:// or https://, not ${base.protocol}`)
  }
  const ssl = base.protocol === 'https:'
  const label = `Chroma (collection ${collectionName})`
  const guarded = <T>(work: () => Promise<T>) => asStoreError(label, [apiKey], work)
  const client = new ChromaClient({
    host: base.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(base.port) || (ssl ? 443 : 80),
    ssl,
    // Without a key the server's default tenant and database; with one, the key's own unless named.
    ...(options.tenant || !apiKey ? { tenant: options.tenant || 'default_tenant' } : {}),
    ...(options.database || !apiKey ? { database: options.database || 'default_database' } : {}),
    ...(apiKey ? { headers: { 'x-chroma-token': apiKey } } : {}),
  })
  const http = (client as unknown as WithApiClient).apiClient
  if (!http) throw new Error(`${label}: this chromadb version cannot be given Weft's guarded fetch.`)
  http.setConfig({ fetch: chromaFetch(options.fetch) })

  // Made when missing, as Flowise's Chroma node does, with cosine distance.
  const open = () =>
    guarded(() =>
      client.getOrCreateCollection({
        name: collectionName,
        embeddingFunction: null,
        configuration: { hnsw: { space: 'cosine' } },
      }),
    )
  let collection: Collection = await open()

  const checkLength = (vector: number[], what: string) => {
    if (vector.length !== dimensions) {
      throw new Error(`${label} is searched with vectors of ${dimensions} numbers, but ${what} has ${vector.length}.`)
    }
  }
  const metadataOf = (record: VectorRecord) => {
    const flat = flattenMetadata(record.document.metadata, false)
    return (Object.keys(flat).length > 0 ? flat : null) as Metadata
  }

  const searchRecords = async (
    vector: number[],
    k: number,
    filter: MetadataFilter | undefined,
  ): Promise<VectorHit[]> => {
    checkLength(vector, 'the query vector')
    const nResults = Math.floor(k)
    if (nResults < 1) return []
    const own = chromaWhere(filter)
    const native = options.nativeFilter
    const where = native && own ? { $and: [native, own] } : (native ?? own)
    const found = await guarded(() =>
      collection.query({
        queryEmbeddings: [vector],
        nResults,
        include: ['documents', 'metadatas', 'embeddings'],
        ...(where ? { where: where as Where } : {}),
      }),
    )
    const rows = found.rows()[0] ?? []
    const hits = rows.map((row) => {
      const stored = row.embedding ?? []
      return {
        document: { pageContent: row.document ?? '', metadata: { ...(row.metadata ?? {}) } as Record<string, unknown> },
        score: stored.length ? cosineSimilarity(vector, stored) : 0,
        vector: stored,
      }
    })
    return hits.filter((hit) => matchesMetadataFilter(hit.document.metadata, filter))
  }

  return {
    label,
    upsert: async (records) => {
      const latest = [...new Map(records.map((record) => [record.id, record])).values()]
      for (const record of latest) checkLength(record.vector, `chunk ${record.id}`)
      for (let at = 0; at < latest.length; at += PAGE) {
        const batch = latest.slice(at, at + PAGE)
        await guarded(() =>
          collection.upsert({
            ids: batch.map((record) => record.id),
            embeddings: batch.map((record) => record.vector),
            metadatas: batch.map(metadataOf),
            documents: batch.map((record) => record.document.pageContent),
          }),
        )
      }
    },
    delete: async (ids) => {
      if (ids.length > 0) await guarded(() => collection.delete({ ids }))
    },
    clear: async () => {
      await guarded(() => client.deleteCollection({ name: collectionName })).catch((error: Error) => {
        if (!/404/.test(error.message)) throw error
      })
      collection = await open()
    },
    search: async (vector, k, filter) =>
      (await searchRecords(vector, k, filter)).map(({ document, score }) => ({ document, score })),
    searchWithVectors: (vector, k, filter) => searchRecords(vector, k, filter),
    ids: async () => {
      const ids: string[] = []
      for (let offset = 0; ; offset += PAGE) {
        const page = await guarded(() => collection.get({ limit: PAGE, offset, include: [] }))
        ids.push(...page.ids)
        if (page.ids.length < PAGE) return ids
      }
    },
    count: () => guarded(() => collection.count()),
    close: async () => undefined,
  }
}
