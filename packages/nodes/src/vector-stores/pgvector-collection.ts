import { createHash } from 'node:crypto'
import type { MetadataFilter } from '@weft/core'
import type pg from 'pg'
import type { UpsertChanges, VectorRecord } from '../documents/vector-collection.js'
import type { SearchableCollection, VectorHit } from './collection-store.js'
import { isUuid } from './record-ids.js'
import { metadataFilterSql, metadataJson, quoteTableName, vectorText, withoutNul } from './pgvector-sql.js'

// A table of PostgreSQL with pgvector as a vector collection, in Flowise's layout: id, "pageContent"
// text, metadata jsonb, embedding vector(N); Flowise's tables open as they are. Cosine distance
// (`<=>`) with an HNSW index, so a search reads a few hundred rows, not the table.

export interface PgvectorOptions {
  /** How to reach the database (host, port, user, ssl, …); the pool is the collection's own. */
  connection: pg.PoolConfig
  tableName: string
  /** The embedding's vector length; a table made for another length is refused. */
  dimensions: number
  /** Compares the query with every row instead of using the index (exact, slower): for comparisons. */
  exactSearch?: boolean
  /** Candidates the HNSW index visits per search (hnsw.ef_search): more is slower and closer to exact. */
  efSearch?: number
}

/** pgvector's HNSW index takes vectors of at most this many numbers; longer ones are searched exactly. */
export const HNSW_MAX_DIMENSIONS = 2000
/** Rows per INSERT statement of an upsert; all statements of one upsert share one transaction. */
const ROWS_PER_STATEMENT = 500
/** hnsw.ef_search allows at most 1000; a larger Top K is searched exactly. */
const MAX_EF_SEARCH = 1000
/**
 * hnsw.ef_search of a search: pgvector's own default (40) found 71 % of the exact 4 closest among
 * 10,000 chunks of the hashing embedder, 200 found 92 % for 1.3 ms more (bench/pgvector.mjs).
 */
export const DEFAULT_EF_SEARCH = 200

interface TableShape {
  idType: 'uuid' | 'text'
  /** The column's declared length; undefined for Flowise's `vector` columns without one. */
  declaredDimensions?: number
}

const COLUMNS = ['id', 'pageContent', 'metadata', 'embedding']

function readShape(label: string, columns: { name: string; type: string }[]): TableShape {
  const types = new Map(columns.map((column) => [column.name, column.type]))
  const missing = COLUMNS.filter((name) => !types.has(name))
  if (missing.length) {
    throw new Error(
      `${label}: the table has no ${missing.map((name) => `"${name}"`).join(', ')} column, so it is not a vector table.`,
    )
  }
  const idType = types.get('id')!
  if (idType !== 'uuid' && idType !== 'text' && !idType.startsWith('character varying')) {
    throw new Error(`${label}: the table's "id" column is ${idType}; Weft reads uuid or text ids.`)
  }
  const embedding = /^vector(?:\((\d+)\))?$/.exec(types.get('embedding')!)
  if (!embedding) throw new Error(`${label}: the table's "embedding" column is not a pgvector vector.`)
  return {
    idType: idType === 'uuid' ? 'uuid' : 'text',
    ...(embedding[1] ? { declaredDimensions: Number(embedding[1]) } : {}),
  }
}

const dimensionMismatch = (label: string, stored: number, given: number) =>
  new Error(
    `${label} keeps vectors of ${stored} numbers, but the embeddings give ${given}. ` +
      'Use another table, or the embeddings the table was filled with.',
  )

function indexName(table: string): string {
  const plain = table.slice(1, -1)
  const name = `${plain}_embedding_hnsw`
  return `"${name.length <= 63 ? name : `weft_hnsw_${createHash('sha1').update(plain).digest('hex').slice(0, 20)}`}"`
}

/** Creates the extension when it is missing and this user may; answers pgvector's version. */
async function ensureExtension(pool: pg.Pool, label: string): Promise<string> {
  const installed = async () =>
    (await pool.query<{ version: string }>(`SELECT extversion AS version FROM pg_extension WHERE extname = 'vector'`))
      .rows[0]?.version
  const before = await installed()
  if (before) return before
  try {
    await pool.query('CREATE EXTENSION IF NOT EXISTS vector')
  } catch (error) {
    const after = await installed() // another connection may have created it meanwhile
    if (after) return after
    throw new Error(
      `${label}: the database has no pgvector extension and this user cannot add it ` +
        `(${(error as Error).message}). Install pgvector on the PostgreSQL server and run ` +
        '"CREATE EXTENSION vector" in this database as a user allowed to.',
      { cause: error },
    )
  }
  return (await installed()) ?? '0'
}

/** Makes the table and its index when missing (one opener at a time), or reads the one there is. */
async function ensureTable(pool: pg.Pool, table: string, dimensions: number, label: string): Promise<TableShape> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`weft:pgvector:${table}`])
    const describe = () =>
      client.query<{ name: string; type: string }>(
        `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
         WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped`,
        [table],
      )
    let columns = (await describe()).rows
    if (columns.length === 0) {
      await client.query(
        `CREATE TABLE ${table} (id text PRIMARY KEY, "pageContent" text, metadata jsonb, embedding vector(${dimensions}))`,
      )
      columns = (await describe()).rows
    }
    const shape = readShape(label, columns)
    if (shape.declaredDimensions !== undefined && shape.declaredDimensions !== dimensions) {
      throw dimensionMismatch(label, shape.declaredDimensions, dimensions)
    }
    if (shape.declaredDimensions === undefined) {
      const row = (await client.query<{ n: number }>(`SELECT vector_dims(embedding) AS n FROM ${table} LIMIT 1`))
        .rows[0]
      if (row && row.n !== dimensions) throw dimensionMismatch(label, row.n, dimensions)
    } else if (dimensions <= HNSW_MAX_DIMENSIONS) {
      // Asked first: CREATE INDEX locks the table against writes even when the index is there, and
      // every search opens the table again.
      const indexed = await client.query(
        `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
         WHERE i.indrelid = to_regclass($1) AND a.amname = 'hnsw' LIMIT 1`,
        [table],
      )
      if (indexed.rowCount === 0) {
        await client.query(
          `CREATE INDEX IF NOT EXISTS ${indexName(table)} ON ${table} USING hnsw (embedding vector_cosine_ops)`,
        )
      }
    }
    await client.query('COMMIT')
    return shape
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

/** Runs `work` in one transaction on one connection: all of it is written, or none. */
async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

/** pgvector 0.8 can keep scanning the index until enough rows pass a filter. */
const hasIterativeScan = (version: string) => {
  const [major = 0, minor = 0] = version.split('.').map(Number)
  return major > 0 || minor >= 8
}

interface Row {
  id: string
  pageContent: string | null
  metadata: Record<string, unknown> | null
  distance: number
  embedding?: string
}

/**
 * Opens (creating when missing) the table as a collection. Throws a clear error for a bad table name,
 * a database without pgvector, or a table made for vectors of another length.
 */
export async function openPgvectorCollection(options: PgvectorOptions): Promise<SearchableCollection> {
  const table = quoteTableName(options.tableName)
  const { dimensions, efSearch = DEFAULT_EF_SEARCH } = options
  const label = `Postgres (table ${table})`
  // `pg` loads with the first Postgres vector store, not with the catalogue.
  const { default: pgModule } = await import('pg')
  const pool = new pgModule.Pool({ max: 4, connectionTimeoutMillis: 10_000, ...options.connection })
  // A connection that breaks while idle (server restart) must not take the process with it.
  pool.on('error', () => undefined)
  let shape: TableShape
  let iterative: boolean
  try {
    iterative = hasIterativeScan(await ensureExtension(pool, label))
    shape = await ensureTable(pool, table, dimensions, label)
  } catch (error) {
    await pool.end().catch(() => undefined)
    throw error
  }

  const idArray = `${shape.idType}[]`
  const checkLength = (vector: ArrayLike<number>, what: string) => {
    if (vector.length !== dimensions) {
      throw new Error(`${label} keeps vectors of ${dimensions} numbers, but ${what} has ${vector.length}.`)
    }
  }
  const usableIds = (ids: string[]) => (shape.idType === 'uuid' ? ids.filter(isUuid) : ids)

  const searchRows = async (vector: number[], k: number, filter: MetadataFilter | undefined, withVectors: boolean) => {
    checkLength(vector, 'the query vector')
    const params: unknown[] = [vectorText(vector), Math.max(0, Math.floor(k))]
    const where = metadataFilterSql(filter, params)
    const exact = options.exactSearch === true || k > MAX_EF_SEARCH
    return inTransaction(pool, async (client) => {
      await client.query(`SELECT set_config('hnsw.ef_search', $1, true)`, [
        String(Math.min(Math.max(efSearch, k), MAX_EF_SEARCH)),
      ])
      if (iterative) await client.query(`SELECT set_config('hnsw.iterative_scan', 'strict_order', true)`)
      if (exact) await client.query(`SELECT set_config('enable_indexscan', 'off', true)`)
      const { rows } = await client.query<Row>(
        `SELECT id::text AS id, "pageContent", metadata, embedding <=> $1::vector AS distance
         ${withVectors ? ', embedding::text AS embedding' : ''}
         FROM ${table} WHERE ${where} ORDER BY embedding <=> $1::vector LIMIT $2`,
        params,
      )
      return rows
    })
  }

  const hits = (rows: Row[]): VectorHit[] =>
    rows.map((row) => ({
      document: { pageContent: row.pageContent ?? '', metadata: row.metadata ?? {} },
      // Cosine distance is NaN for a zero vector; cosineSimilarity calls that 0.
      score: Number.isNaN(Number(row.distance)) ? 0 : 1 - Number(row.distance),
      vector: row.embedding ? (JSON.parse(row.embedding) as number[]) : [],
    }))

  let closed = false
  return {
    label,
    upsert: async (records: VectorRecord[], signal?: AbortSignal) => {
      signal?.throwIfAborted()
      const latest = [...new Map(records.map((record) => [record.id, record])).values()]
      for (const record of latest) {
        checkLength(record.vector, `chunk ${record.id}`)
        if (shape.idType === 'uuid' && !isUuid(record.id)) {
          throw new Error(`${label} keeps UUID ids (a table made by Flowise), and "${record.id}" is not one.`)
        }
      }
      const changes: UpsertChanges = { added: [], updated: 0, skipped: 0 }
      if (latest.length === 0) return changes
      // The table answers ids as text in its own form (a uuid in lower case): back to the ids given.
      const given = new Map(
        latest.map((record) => [shape.idType === 'uuid' ? record.id.toLowerCase() : record.id, record.id]),
      )
      await inTransaction(pool, async (client) => {
        for (let at = 0; at < latest.length; at += ROWS_PER_STATEMENT) {
          signal?.throwIfAborted()
          const batch = latest.slice(at, at + ROWS_PER_STATEMENT)
          // Unchanged rows are left alone, so upserting the same documents again rewrites nothing;
          // a written row is new when no earlier version of it was replaced (xmax = 0).
          const { rows } = await client.query<{ id: string; added: boolean }>(
            `INSERT INTO ${table} AS stored (id, "pageContent", metadata, embedding)
             SELECT r.id::${shape.idType}, r.content, r.metadata::jsonb, r.embedding::vector
             FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS r(id, content, metadata, embedding)
             ON CONFLICT (id) DO UPDATE SET "pageContent" = EXCLUDED."pageContent",
               metadata = EXCLUDED.metadata, embedding = EXCLUDED.embedding
             WHERE (stored."pageContent", stored.metadata, stored.embedding)
               IS DISTINCT FROM (EXCLUDED."pageContent", EXCLUDED.metadata, EXCLUDED.embedding)
             RETURNING stored.id::text AS id, (stored.xmax = 0) AS added`,
            [
              batch.map((record) => record.id),
              batch.map((record) => withoutNul(record.document.pageContent)),
              batch.map((record) => metadataJson(record.document.metadata)),
              batch.map((record) => vectorText(record.vector)),
            ],
          )
          for (const row of rows) {
            if (row.added) changes.added.push(given.get(row.id) ?? row.id)
            else changes.updated++
          }
          changes.skipped += batch.length - rows.length
        }
      })
      return changes
    },
    delete: async (ids, signal) => {
      signal?.throwIfAborted()
      const usable = usableIds(ids)
      if (usable.length) await pool.query(`DELETE FROM ${table} WHERE id = ANY($1::${idArray})`, [usable])
    },
    clear: async (signal) => {
      signal?.throwIfAborted()
      await pool.query(`DELETE FROM ${table}`)
    },
    search: async (vector, k, filter, signal) => {
      signal?.throwIfAborted()
      return hits(await searchRows(vector, k, filter, false)).map(({ document, score }) => ({ document, score }))
    },
    searchWithVectors: async (vector, k, filter, signal) => {
      signal?.throwIfAborted()
      return hits(await searchRows(vector, k, filter, true))
    },
    ids: async (signal) => {
      signal?.throwIfAborted()
      return (await pool.query<{ id: string }>(`SELECT id::text AS id FROM ${table} ORDER BY id`)).rows.map(
        (row) => row.id,
      )
    },
    count: async (signal) => {
      signal?.throwIfAborted()
      return (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n
    },
    close: async () => {
      if (closed) return
      closed = true
      await pool.end()
    },
  }
}
