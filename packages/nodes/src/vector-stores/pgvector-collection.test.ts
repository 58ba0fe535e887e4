import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  direction,
  expectFiltersAsMatchesMetadataFilter,
  expectUpsertChanges,
  expectUpsertSearchReplaceDeleteClear,
  record,
} from '../testing/vector-collection-cases.js'
import type { SearchableCollection } from './collection-store.js'
import { openPgvectorCollection } from './pgvector-collection.js'

const url = process.env.TEST_DATABASE_URL
const connection = { connectionString: url }

describe.skipIf(!url)('pgvector collection (PostgreSQL at TEST_DATABASE_URL)', () => {
  const admin = new pg.Pool(connection)
  const tables: string[] = []
  const opened: SearchableCollection[] = []

  const newTable = () => {
    const name = `weft_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`
    tables.push(name)
    return name
  }
  const open = async (tableName: string, dimensions = 3, exactSearch = false) => {
    const collection = await openPgvectorCollection({ connection, tableName, dimensions, exactSearch })
    opened.push(collection)
    return collection
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((collection) => collection.close()))
    for (const table of tables.splice(0)) await admin.query(`DROP TABLE IF EXISTS "${table}"`)
  })
  afterAll(() => admin.end())

  it("makes Flowise's table layout with an HNSW cosine index", async () => {
    const table = newTable()
    await open(table, 3)
    const columns = await admin.query<{ name: string; type: string }>(
      `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
       WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      [table],
    )
    expect(columns.rows).toEqual([
      { name: 'id', type: 'text' },
      { name: 'pageContent', type: 'text' },
      { name: 'metadata', type: 'jsonb' },
      { name: 'embedding', type: 'vector(3)' },
    ])
    const indexes = await admin.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE tablename = $1', [
      table,
    ])
    expect(indexes.rows.map((row) => row.indexdef).join('\n')).toMatch(/USING hnsw \(embedding vector_cosine_ops\)/)
  })

  it('upserts, replaces by id, searches closest first with cosine similarity, deletes and clears', async () => {
    const collection = await open(newTable())
    await expectUpsertSearchReplaceDeleteClear(collection)
    expect(await collection.search([1, 0, 0], 4)).toEqual([])
  })

  it('filters metadata exactly as matchesMetadataFilter does', async () => {
    await expectFiltersAsMatchesMetadataFilter(await open(newTable()))
  })

  it('answers what an upsert added, updated and left alone', async () => {
    await expectUpsertChanges(await open(newTable()))
  })

  it('finds every match of a narrow filter, and more rows than the index visits by default (40)', async () => {
    const table = newTable()
    const collection = await open(table)
    await collection.upsert(
      Array.from({ length: 3000 }, (_, at) =>
        record(`r${at}`, direction(at), `r${at}`, { group: at % 600 === 0 ? 'rare' : 'common' }),
      ),
    )
    await admin.query(`ANALYZE "${table}"`) // so the planner takes the index, as it would on a table in use
    expect(await collection.search([1, 0.5, 0], 5, { group: 'rare' })).toHaveLength(5)
    const many = await collection.search([1, 0.5, 0], 120)
    expect(many).toHaveLength(120)
    const scores = many.map((hit) => hit.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  it('gives the same closest rows by the index as by comparing every row', async () => {
    const table = newTable()
    const indexed = await open(table, 8)
    await indexed.upsert(Array.from({ length: 200 }, (_, at) => record(`r${at}`, direction(at, 8))))
    const exact = await open(table, 8, true)
    const query = direction(1000, 8)
    const ids = async (collection: SearchableCollection) =>
      (await collection.search(query, 5)).map((hit) => hit.document.pageContent)
    expect(await ids(indexed)).toEqual(await ids(exact))
    const withVectors = await exact.searchWithVectors(query, 1)
    expect(withVectors[0]!.vector).toHaveLength(8)
  })

  it('writes an upsert whole or not at all', async () => {
    const collection = await open(newTable())
    await collection.upsert([record('kept', [1, 0, 0], 'original')])
    // 600 rows take two statements; the last row is refused by the database (NaN).
    const batch = Array.from({ length: 600 }, (_, at) => record(`n${at}`, direction(at)))
    batch[0] = record('kept', [0, 1, 0], 'replaced')
    batch[599] = record('n599', [Number.NaN, 0, 0])
    await expect(collection.upsert(batch)).rejects.toThrow(/NaN/)
    expect(await collection.ids()).toEqual(['kept'])
    expect((await collection.search([1, 0, 0], 1))[0]!.document.pageContent).toBe('original')

    const wrongLength = [record('x1', [1, 0, 0]), record('x2', [1, 0]), record('x3', [0, 0, 1])]
    await expect(collection.upsert(wrongLength)).rejects.toThrow(/3 numbers, but chunk x2 has 2/)
    expect(await collection.count()).toBe(1)
  })

  it('refuses a table made for vectors of another length, naming both lengths', async () => {
    const table = newTable()
    await open(table, 3)
    await expect(open(table, 4)).rejects.toThrow(/vectors of 3 numbers, but the embeddings give 4/)
    // Flowise's own tables declare no length: the stored rows tell it.
    const flowise = newTable()
    await admin.query(
      `CREATE TABLE "${flowise}" (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), "pageContent" text, metadata jsonb, embedding vector)`,
    )
    await admin.query(`INSERT INTO "${flowise}" ("pageContent", metadata, embedding) VALUES ('old', '{}', '[1,2]')`)
    await expect(open(flowise, 3)).rejects.toThrow(/vectors of 2 numbers, but the embeddings give 3/)
  })

  it("opens Flowise's tables with UUID ids and refuses other ids there", async () => {
    const table = newTable()
    await admin.query(
      `CREATE TABLE "${table}" (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), "pageContent" text, metadata jsonb, embedding vector)`,
    )
    await admin.query(
      `INSERT INTO "${table}" ("pageContent", metadata, embedding) VALUES ('from flowise', '{"a": 1}', '[1,0]')`,
    )
    const collection = await open(table.toUpperCase(), 2)
    expect((await collection.search([1, 0], 1))[0]!.document).toEqual({
      pageContent: 'from flowise',
      metadata: { a: 1 },
    })
    await expect(collection.upsert([record('not-a-uuid', [0, 1])])).rejects.toThrow(/UUID ids/)
    const id = randomUUID()
    await collection.upsert([record(id, [0, 1], 'ours')])
    await collection.delete(['not-a-uuid'])
    expect(await collection.ids()).toContain(id)
    expect(await collection.count()).toBe(2)
  })
})

describe('pgvector collection table names', () => {
  it('refuses a table name that is not an identifier, before connecting', async () => {
    for (const name of ['documents; DROP TABLE x', 'a"b', '1table', 'x'.repeat(64), '']) {
      await expect(openPgvectorCollection({ connection, tableName: name, dimensions: 3 })).rejects.toThrow(
        /cannot be a table name/,
      )
    }
  })
})
