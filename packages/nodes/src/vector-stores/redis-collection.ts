import { matchesMetadataFilter, type MetadataFilter } from '@weft/core'
import type { VectorRecord } from '../documents/vector-collection.js'
import { cosineSimilarity } from '../documents/vector-index.js'
import type { SearchableCollection, VectorHit } from './collection-store.js'
import {
  createIndexCommand,
  keyPrefixOf,
  knnSearchCommand,
  packVector,
  readSearchReply,
  scanPatternOf,
  SCORE_FIELD,
  unpackVector,
  type RedisLayout,
} from './redis-search.js'

// A Redis vector index in Flowise's layout. With RediSearch (Redis Stack, Redis 8) searches are the
// index's KNN queries; without it (plain Redis) the index's hashes are read by key prefix and
// compared in process, exactly, up to MAX_EXACT_RECORDS. A metadata filter is always applied
// exactly, so filtered searches read the hashes too.

export type RedisArgs = (string | Buffer)[]

/** One open connection: commands answered with bulk strings as bytes. */
export interface RedisConnection {
  send: (args: RedisArgs) => Promise<unknown>
  /** Runs the commands in MULTI/EXEC: all of them or none. */
  transaction: (commands: RedisArgs[]) => Promise<void>
  close: () => Promise<void>
}

export interface RedisCollectionOptions extends RedisLayout {
  connection: RedisConnection
  dimensions: number
  /** How many records an exact search reads at most. */
  maxExactRecords?: number
}

export const MAX_EXACT_RECORDS = 50_000
const BATCH = 500

const text = (value: unknown) => (Buffer.isBuffer(value) ? value.toString('utf8') : String(value ?? ''))

function parseMetadata(raw: string | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}')
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

/** Whether the server has RediSearch, and the index if it has. */
async function findIndex(connection: RedisConnection, indexName: string) {
  try {
    await connection.send(['FT.INFO', indexName])
    return { search: true, indexed: true }
  } catch (error) {
    if (/unknown command/i.test((error as Error).message)) return { search: false, indexed: false }
    return { search: true, indexed: false }
  }
}

export async function openRedisCollection(options: RedisCollectionOptions): Promise<SearchableCollection> {
  const { connection, dimensions, indexName, contentKey, metadataKey, vectorKey } = options
  const prefix = keyPrefixOf(indexName)
  const limit = options.maxExactRecords ?? MAX_EXACT_RECORDS
  const label = `Redis (index ${indexName})`
  const state = await findIndex(connection, indexName)

  const keys = async (): Promise<string[]> => {
    const found: string[] = []
    let cursor = '0'
    do {
      const [next, page] = (await connection.send([
        'SCAN',
        cursor,
        'MATCH',
        scanPatternOf(prefix),
        'COUNT',
        '1000',
      ])) as [unknown, unknown[]]
      cursor = text(next)
      found.push(...page.map(text))
      if (found.length > limit) {
        throw new Error(
          `${label} holds more than ${limit} records, more than an exact search reads. ` +
            'Use a Redis server with RediSearch (Redis Stack or Redis 8), which searches its own index.',
        )
      }
    } while (cursor !== '0')
    return [...new Set(found)]
  }

  const checkLength = (vector: number[], what: string) => {
    if (vector.length !== dimensions) {
      throw new Error(`${label} is searched with vectors of ${dimensions} numbers, but ${what} has ${vector.length}.`)
    }
  }

  const exactSearch = async (vector: number[], k: number, filter: MetadataFilter | undefined): Promise<VectorHit[]> => {
    const hits: VectorHit[] = []
    const all = await keys()
    for (let at = 0; at < all.length; at += BATCH) {
      const batch = all.slice(at, at + BATCH)
      const rows = (await Promise.all(
        batch.map((key) => connection.send(['HMGET', key, vectorKey, contentKey, metadataKey])),
      )) as unknown[][]
      rows.forEach(([bytes, content, metadata], row) => {
        if (!Buffer.isBuffer(bytes)) return
        const stored = unpackVector(bytes)
        checkLength(stored, `the record ${batch[row]}`)
        const document = { pageContent: text(content), metadata: parseMetadata(text(metadata)) }
        if (matchesMetadataFilter(document.metadata, filter))
          hits.push({ document, score: cosineSimilarity(vector, stored), vector: stored })
      })
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, k)
  }

  const indexSearch = async (vector: number[], k: number, withVectors: boolean): Promise<VectorHit[]> => {
    const reply = await connection.send(knnSearchCommand(options, vector, k, withVectors))
    return readSearchReply(reply).map(({ fields }) => ({
      document: {
        pageContent: text(fields.get(contentKey)),
        metadata: parseMetadata(fields.get(metadataKey)?.toString('utf8')),
      },
      // RediSearch's COSINE distance is 1 − cosine similarity.
      score: 1 - Number(text(fields.get(SCORE_FIELD))),
      vector: withVectors && fields.get(vectorKey) ? unpackVector(fields.get(vectorKey)!) : [],
    }))
  }

  const searchRecords = async (
    vector: number[],
    k: number,
    filter: MetadataFilter | undefined,
    withVectors: boolean,
  ) => {
    checkLength(vector, 'the query vector')
    const count = Math.floor(k)
    if (count < 1) return []
    const filtered = Object.keys(filter ?? {}).length > 0
    if (state.indexed && !filtered) return indexSearch(vector, count, withVectors)
    return exactSearch(vector, count, filter)
  }

  const deleteKeys = async (list: string[]) => {
    for (let at = 0; at < list.length; at += BATCH) await connection.send(['DEL', ...list.slice(at, at + BATCH)])
  }

  return {
    label,
    upsert: async (records) => {
      const latest = [...new Map(records.map((record) => [record.id, record])).values()]
      for (const record of latest) checkLength(record.vector, `chunk ${record.id}`)
      if (latest.length === 0) return
      if (state.search && !state.indexed) {
        await connection.send(createIndexCommand(options, dimensions)).catch((error: Error) => {
          if (!/already exists/i.test(error.message)) throw error
        })
        state.indexed = true
      }
      const write = (record: VectorRecord): RedisArgs => [
        'HSET',
        `${prefix}${record.id}`,
        vectorKey,
        packVector(record.vector),
        contentKey,
        record.document.pageContent,
        metadataKey,
        JSON.stringify(record.document.metadata),
      ]
      await connection.transaction(latest.map(write))
    },
    delete: (ids) => deleteKeys(ids.map((id) => `${prefix}${id}`)),
    clear: async () => {
      if (state.indexed) {
        await connection.send(['FT.DROPINDEX', indexName]).catch(() => undefined)
        state.indexed = false
      }
      await deleteKeys(await keys())
    },
    search: async (vector, k, filter) =>
      (await searchRecords(vector, k, filter, false)).map(({ document, score }) => ({ document, score })),
    searchWithVectors: (vector, k, filter) => searchRecords(vector, k, filter, true),
    ids: async () => (await keys()).map((key) => key.slice(prefix.length)),
    count: async () => (await keys()).length,
    close: () => connection.close(),
  }
}
