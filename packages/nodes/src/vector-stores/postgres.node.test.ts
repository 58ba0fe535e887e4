import { randomUUID } from 'node:crypto'
import type { SourceDocument } from '@weft/core'
import pg from 'pg'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { NodeRunContext } from '../define-node.js'
import type { Retriever, VectorStore } from '../documents/retriever.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { testRun, type TestRun } from '../runtime/test-run.js'
import { testFetch } from '../testing/test-fetch.js'
import postgres from './postgres.node.js'

const url = process.env.TEST_DATABASE_URL
const signal = new AbortController().signal

const doc = (pageContent: string, source = 'handbook'): SourceDocument => ({ pageContent, metadata: { source } })

const handbook = [
  doc('Support answers e-mails within one working day.'),
  doc('Refunds are possible within 30 days of purchase.'),
  doc('The office is open Monday to Friday.'),
  doc('Team lunch is on Thursdays.', 'wiki'),
]

function contextOf(inputs: Record<string, unknown>, run: TestRun, credential?: Record<string, string>): NodeRunContext {
  return {
    nodeId: 'postgres_0',
    label: 'Postgres',
    inputs,
    isEnding: false,
    scope: run.scope,
    ...(credential ? { credential } : {}),
  }
}

describe('Postgres node: where it may connect', () => {
  const credential = { user: 'weft', password: 'secret' }

  it('refuses loopback, private and metadata hosts under the default guard, naming the entry to allow', async () => {
    for (const host of ['127.0.0.1', 'localhost', '10.0.0.5', '[::1]', '169.254.169.254', '2130706433']) {
      const context = contextOf({ host, database: 'db' }, testRun(), credential)
      await expect(postgres.openCollection!(context, 3), host).rejects.toThrow(
        /could not reach .*:5432: the address is private.*WEFT_ALLOWED_PRIVATE_HOSTS/,
      )
    }
  })

  it('allows a private host only on the port the administrator allowed', async () => {
    const run = testRun({ fetch: testFetch('http://127.0.0.1:6543') })
    const context = contextOf({ host: '127.0.0.1', database: 'db', port: 5432 }, run, credential)
    await expect(postgres.openCollection!(context, 3)).rejects.toThrow(/127\.0\.0\.1:5432: the address is private/)
  })

  it('takes the user from the credential only, and no connection settings from Additional Configuration', async () => {
    const run = testRun()
    await expect(postgres.openCollection!(contextOf({ host: 'db.example', database: 'db' }, run), 3)).rejects.toThrow(
      /connect a Postgres API credential/,
    )
    const inputs = { host: 'db.example', database: 'db', additionalConfig: '{ "host": "127.0.0.1", "ssl": true }' }
    await expect(postgres.openCollection!(contextOf(inputs, run, credential), 3)).rejects.toThrow(
      /Additional Configuration cannot set host/,
    )
  })
})

describe.skipIf(!url)('Postgres node (PostgreSQL at TEST_DATABASE_URL)', () => {
  const database = new URL(url ?? 'postgres://localhost/x')
  const credential = { user: decodeURIComponent(database.username), password: decodeURIComponent(database.password) }
  const admin = new pg.Pool({ connectionString: url })
  const tables: string[] = []
  const run = () => testRun({ fetch: testFetch(`http://${database.hostname}:${database.port || 5432}`) })

  /** The node's inputs for a new table, dropped after the test. */
  const inputsFor = (extra: Record<string, unknown> = {}) => {
    const tableName = `weft_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`
    tables.push(tableName)
    return {
      host: database.hostname,
      port: database.port || '5432',
      database: database.pathname.slice(1),
      tableName,
      embeddings: hashingEmbedder(),
      ...extra,
    }
  }
  const build = (inputs: Record<string, unknown>, output?: string) =>
    postgres.run!({ ...contextOf(inputs, run(), credential), ...(output ? { output } : {}) })
  const countOf = async (inputs: Record<string, unknown>) => {
    const collection = await postgres.openCollection!(contextOf(inputs, run(), credential), 256)
    try {
      return await collection.count()
    } finally {
      await collection.close()
    }
  }

  afterEach(async () => {
    for (const table of tables.splice(0)) await admin.query(`DROP TABLE IF EXISTS "${table}"`)
  })
  afterAll(() => admin.end())

  it('stores the connected documents once however often the node is built, and retrieves the closest', async () => {
    const inputs = inputsFor({ document: [handbook], topK: 2 })
    const retriever = (await build(inputs)) as Retriever
    await build(inputs)
    expect(await countOf(inputs)).toBe(4)
    const found = await retriever.retrieve('Can I get a refund after 30 days?', signal)
    expect(found).toHaveLength(2)
    expect(found[0]).toEqual(handbook[1])
  })

  it('searches what earlier runs stored when no documents are connected', async () => {
    const inputs = inputsFor()
    await build({ ...inputs, document: [handbook] })
    const retriever = (await build({ ...inputs, topK: 1 })) as Retriever
    expect(await retriever.retrieve('When is the office open?', signal)).toEqual([handbook[2]])
  })

  it('gives the store with scores, and keeps to the metadata filter', async () => {
    const inputs = inputsFor({ document: [handbook] })
    const store = (await build(inputs, 'vectorStore')) as VectorStore
    expect(store.kind).toBe('vectorStore')
    const scored = await store.similaritySearch('team lunch on Thursdays', 4, signal)
    expect(scored[0]!.document).toEqual(handbook[3])
    expect(scored[0]!.score).toBeGreaterThan(scored[1]!.score)
    const filtered = (await build({ ...inputs, pgMetadataFilter: '{ "source": "wiki" }', topK: 4 })) as Retriever
    expect(await filtered.retrieve('refunds', signal)).toEqual([handbook[3]])
  })

  it('with Max Marginal Relevance, passes over near-duplicates', async () => {
    const documents = [
      doc('Refunds are possible within 30 days of purchase.'),
      doc('Refunds are possible within 30 days of purchase!'),
      doc('Refunds of gift cards are not possible.'),
    ]
    const inputs = inputsFor({ document: [documents], topK: 2, fetchK: 3 })
    const question = 'Are refunds possible within 30 days?'
    const similar = (await build(inputs)) as Retriever
    const varied = (await build({ ...inputs, searchType: 'mmr', lambda: 0.3 })) as Retriever
    // The two near-duplicates have the same vector (punctuation is not a word), so either comes first.
    const texts = async (retriever: Retriever) => (await retriever.retrieve(question, signal)).map((d) => d.pageContent)
    expect((await texts(similar)).sort()).toEqual([documents[0]!.pageContent, documents[1]!.pageContent].sort())
    const picked = await texts(varied)
    expect(picked).toHaveLength(2)
    expect(picked[1]).toBe(documents[2]!.pageContent)
  })

  it('opens its table for a document store, which writes and searches by chunk id', async () => {
    const inputs = inputsFor()
    const collection = await postgres.openCollection!(contextOf(inputs, run(), credential), 2)
    try {
      await collection.upsert([{ id: 'chunk-1', vector: [1, 0], document: doc('one') }])
      expect(await collection.ids()).toEqual(['chunk-1'])
      expect((await collection.search([1, 0], 1))[0]!.document).toEqual(doc('one'))
    } finally {
      await collection.close()
    }
  })
})
