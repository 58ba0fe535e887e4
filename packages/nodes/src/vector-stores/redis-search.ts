// The Redis layout of Flowise's Redis node (LangChain's RedisVectorStore) and the RediSearch
// commands over it, as plain functions: each record a hash under `doc:{index}:{id}` holding the
// vector as little-endian float32 bytes, the text and the metadata as JSON, indexed by an HNSW
// index with cosine distance.

export interface RedisLayout {
  indexName: string
  /** Hash field of the text (Flowise: `content`). */
  contentKey: string
  /** Hash field of the metadata JSON (Flowise: `metadata`). */
  metadataKey: string
  /** Hash field of the vector bytes (Flowise: `content_vector`). */
  vectorKey: string
}

/** The name RediSearch gives the distance of each hit in the KNN query. */
export const SCORE_FIELD = 'vector_score'

/** The key prefix of the index's hashes, as LangChain's Redis store names it. */
export const keyPrefixOf = (indexName: string): string => `doc:${indexName}:`

/** A SCAN pattern matching exactly the keys that start with `prefix` (glob characters escaped). */
export const scanPatternOf = (prefix: string): string => `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`

export function packVector(vector: readonly number[]): Buffer {
  const bytes = Buffer.alloc(vector.length * 4)
  vector.forEach((value, at) => bytes.writeFloatLE(value, at * 4))
  return bytes
}

export function unpackVector(bytes: Buffer): number[] {
  return Array.from({ length: Math.floor(bytes.length / 4) }, (_, at) => bytes.readFloatLE(at * 4))
}

/** FT.CREATE for the index over the layout's hashes, for vectors of `dimensions` numbers. */
export function createIndexCommand(layout: RedisLayout, dimensions: number): string[] {
  return [
    'FT.CREATE',
    layout.indexName,
    'ON',
    'HASH',
    'PREFIX',
    '1',
    keyPrefixOf(layout.indexName),
    'SCHEMA',
    layout.vectorKey,
    'VECTOR',
    'HNSW',
    '6',
    'TYPE',
    'FLOAT32',
    'DIM',
    String(dimensions),
    'DISTANCE_METRIC',
    'COSINE',
    layout.contentKey,
    'TEXT',
    layout.metadataKey,
    'TEXT',
  ]
}

/** FT.SEARCH for the `k` nearest hashes to `vector`, closest first; with their vectors when asked. */
export function knnSearchCommand(
  layout: RedisLayout,
  vector: readonly number[],
  k: number,
  withVectors = false,
): (string | Buffer)[] {
  const fields = [layout.metadataKey, layout.contentKey, SCORE_FIELD, ...(withVectors ? [layout.vectorKey] : [])]
  return [
    'FT.SEARCH',
    layout.indexName,
    `*=>[KNN ${k} @${layout.vectorKey} $vector AS ${SCORE_FIELD}]`,
    'PARAMS',
    '2',
    'vector',
    packVector(vector),
    'RETURN',
    String(fields.length),
    ...fields,
    'SORTBY',
    SCORE_FIELD,
    'LIMIT',
    '0',
    String(k),
    'DIALECT',
    '2',
  ]
}

/** A hit of FT.SEARCH: its key and its returned fields (as bytes). */
export interface SearchReplyHit {
  key: string
  fields: Map<string, Buffer>
}

/** Reads FT.SEARCH's RESP2 reply, `[total, key, [field, value, …], key, […], …]`, with bytes kept. */
export function readSearchReply(reply: unknown): SearchReplyHit[] {
  if (!Array.isArray(reply)) throw new Error('RediSearch answered FT.SEARCH with something other than a list.')
  const hits: SearchReplyHit[] = []
  for (let at = 1; at + 1 < reply.length; at += 2) {
    const key = String(reply[at])
    const pairs = reply[at + 1] as unknown[]
    const fields = new Map<string, Buffer>()
    for (let field = 0; field + 1 < pairs.length; field += 2) {
      const value = pairs[field + 1]
      fields.set(String(pairs[field]), Buffer.isBuffer(value) ? value : Buffer.from(String(value)))
    }
    hits.push({ key, fields })
  }
  return hits
}
