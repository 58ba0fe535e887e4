import { matchesMetadataFilter, type MetadataFilter } from '@weft/core'
import type { VectorRecord } from '../documents/vector-collection.js'
import type { OutboundFetch } from '../net/outbound-guard.js'
import type { SearchableCollection, VectorHit } from './collection-store.js'
import { qdrantFilter } from './qdrant-filter.js'
import { isUuid, nameBasedUuid } from './record-ids.js'

// A Qdrant collection over its REST API, every request through the outbound guard. Payloads keep
// Flowise's layout ({ content, metadata } under keys the node names), plus our record id, since
// Qdrant takes only UUIDs and integers as point ids.

export type QdrantDistance = 'Cosine' | 'Euclid' | 'Dot'

export interface QdrantOptions {
  /** The server, e.g. http://localhost:6333 (a path prefix is kept). */
  url: string
  collectionName: string
  dimensions: number
  /** The outbound guard's fetch: the server is an address a user chose. */
  fetch: OutboundFetch
  apiKey?: string
  /** Payload key of the text (Flowise: `content`). */
  contentKey?: string
  /** Payload key of the metadata (Flowise: `metadata`). */
  metadataKey?: string
  /** The distance a new collection is made with; an existing one keeps its own. */
  distance?: QdrantDistance
  /** Points per upsert request. */
  batchSize?: number
}

/** The payload key that keeps the id a record was given, when the point id had to be made from it. */
export const RECORD_ID_KEY = 'weft_id'
const DEFAULT_BATCH = 256
const SCROLL_PAGE = 1000

/** The point id of a record: its own id when it is a UUID, otherwise a UUID made from it. */
export const pointIdOf = (id: string): string => (isUuid(id) ? id.toLowerCase() : nameBasedUuid(id))

interface QdrantPoint {
  id: string | number
  score?: number
  payload?: Record<string, unknown> | null
  vector?: number[] | Record<string, number[]> | null
}

interface CollectionInfo {
  config?: { params?: { vectors?: { size?: number; distance?: string } & Record<string, unknown> } }
}

class QdrantNotFound extends Error {}

const isRecordValue = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Opens the collection: reads it when it exists (refusing one made for another vector length) and
 * makes it on the first upsert when it does not, so a search of a missing collection finds nothing.
 */
export async function openQdrantCollection(options: QdrantOptions): Promise<SearchableCollection> {
  const { dimensions, fetch: guardedFetch } = options
  const base = new URL(options.url)
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new Error(`The Qdrant Server URL must start with http:// or https://, not ${base.protocol}`)
  }
  const root = base.href.replace(/\/+$/, '')
  const name = options.collectionName
  if (!name) throw new Error('Fill in the Qdrant collection name.')
  const path = `/collections/${encodeURIComponent(name)}`
  const label = `Qdrant (collection ${name})`
  const contentKey = options.contentKey || 'content'
  const metadataKey = options.metadataKey || 'metadata'
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH))

  const call = async <T>(method: string, route: string, body?: unknown, signal?: AbortSignal): Promise<T> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (options.apiKey) headers['api-key'] = options.apiKey
    const response = await guardedFetch(`${root}${route}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    })
    const text = await response.text()
    let parsed: { result?: T; status?: { error?: string } | string } | undefined
    try {
      parsed = JSON.parse(text) as typeof parsed
    } catch {
      parsed = undefined
    }
    if (response.status === 404) throw new QdrantNotFound()
    if (!response.ok) {
      const reason =
        isRecordValue(parsed?.status) && parsed.status.error
          ? parsed.status.error
          : text.slice(0, 200) || response.statusText
      const hint = response.status === 401 || response.status === 403 ? ' Check the Qdrant API credential.' : ''
      throw new Error(`${label}: Qdrant answered ${response.status}: ${reason}.${hint}`)
    }
    return parsed?.result as T
  }
  /** `call`, with a missing collection answered by `missing`. */
  const callOr = async <T>(missing: T, method: string, route: string, body?: unknown, signal?: AbortSignal) => {
    try {
      return await call<T>(method, route, body, signal)
    } catch (error) {
      if (error instanceof QdrantNotFound) return missing
      throw error
    }
  }

  const checkInfo = (info: CollectionInfo) => {
    const vectors = info.config?.params?.vectors
    if (typeof vectors?.size !== 'number') {
      throw new Error(`${label} keeps named vectors; Weft reads collections with one unnamed vector.`)
    }
    if (vectors.size !== dimensions) {
      throw new Error(
        `${label} keeps vectors of ${vectors.size} numbers, but the embeddings give ${dimensions}. ` +
          'Use another collection, or the embeddings the collection was filled with.',
      )
    }
  }
  const readInfo = () => callOr<CollectionInfo | undefined>(undefined, 'GET', path)

  const found = await readInfo()
  if (found) checkInfo(found)
  let exists = found !== undefined

  const ensureCollection = async (signal?: AbortSignal) => {
    if (exists) return
    try {
      await call('PUT', path, { vectors: { size: dimensions, distance: options.distance ?? 'Cosine' } }, signal)
    } catch (error) {
      // Made meanwhile by another upsert: use it if it fits.
      const info = await readInfo()
      if (!info) throw error
      checkInfo(info)
    }
    exists = true
  }

  const checkLength = (vector: number[], what: string) => {
    if (vector.length !== dimensions) {
      throw new Error(`${label} keeps vectors of ${dimensions} numbers, but ${what} has ${vector.length}.`)
    }
  }

  const pointOf = (record: VectorRecord) => ({
    id: pointIdOf(record.id),
    vector: record.vector,
    payload: {
      [contentKey]: record.document.pageContent,
      [metadataKey]: record.document.metadata,
      [RECORD_ID_KEY]: record.id,
    },
  })

  const searchPoints = async (
    vector: number[],
    k: number,
    filter: MetadataFilter | undefined,
    withVectors: boolean,
    signal?: AbortSignal,
  ): Promise<VectorHit[]> => {
    checkLength(vector, 'the query vector')
    const limit = Math.floor(k)
    if (limit < 1) return []
    const where = qdrantFilter(filter, metadataKey)
    const body = { vector, limit, with_payload: true, with_vector: withVectors, ...(where ? { filter: where } : {}) }
    const points = await callOr<QdrantPoint[]>([], 'POST', `${path}/points/search`, body, signal)
    const hits = points.map((point) => {
      const payload = point.payload ?? {}
      const content = payload[contentKey]
      const metadata = payload[metadataKey]
      return {
        document: {
          pageContent: typeof content === 'string' ? content : '',
          metadata: isRecordValue(metadata) ? metadata : {},
        },
        score: point.score ?? 0,
        vector: Array.isArray(point.vector) ? point.vector : [],
      }
    })
    // Qdrant matches a value inside a stored list too; the rule does not, so such hits are dropped.
    return hits.filter((hit) => matchesMetadataFilter(hit.document.metadata, filter))
  }

  return {
    label,
    upsert: async (records, signal) => {
      const latest = [...new Map(records.map((record) => [record.id, record])).values()]
      for (const record of latest) checkLength(record.vector, `chunk ${record.id}`)
      if (latest.length === 0) return
      await ensureCollection(signal)
      // Every point is checked above, so a batch fails only when the server does; Qdrant has no
      // transactions, so batches written before such a failure stay written.
      for (let at = 0; at < latest.length; at += batchSize) {
        const points = latest.slice(at, at + batchSize).map(pointOf)
        try {
          await call('PUT', `${path}/points?wait=true`, { points }, signal)
        } catch (error) {
          if (!(error instanceof QdrantNotFound)) throw error
          exists = false // deleted meanwhile: make it again
          await ensureCollection(signal)
          await call('PUT', `${path}/points?wait=true`, { points }, signal)
        }
      }
    },
    delete: async (ids, signal) => {
      if (ids.length === 0) return
      await callOr(undefined, 'POST', `${path}/points/delete?wait=true`, { points: ids.map(pointIdOf) }, signal)
    },
    clear: async (signal) => {
      await callOr(undefined, 'DELETE', path, undefined, signal)
      exists = false
    },
    search: async (vector, k, filter, signal) =>
      (await searchPoints(vector, k, filter, false, signal)).map(({ document, score }) => ({ document, score })),
    searchWithVectors: (vector, k, filter, signal) => searchPoints(vector, k, filter, true, signal),
    ids: async (signal) => {
      const ids: string[] = []
      let offset: string | number | null | undefined
      do {
        const page = await callOr<{ points: QdrantPoint[]; next_page_offset?: string | number | null }>(
          { points: [] },
          'POST',
          `${path}/points/scroll`,
          {
            limit: SCROLL_PAGE,
            with_payload: [RECORD_ID_KEY],
            with_vector: false,
            ...(offset != null ? { offset } : {}),
          },
          signal,
        )
        for (const point of page.points) {
          const given = point.payload?.[RECORD_ID_KEY]
          ids.push(typeof given === 'string' ? given : String(point.id))
        }
        offset = page.next_page_offset
      } while (offset != null)
      return ids
    },
    count: async (signal) =>
      (await callOr({ count: 0 }, 'POST', `${path}/points/count`, { exact: true }, signal)).count,
    close: async () => undefined,
  }
}
