import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { NodeRunContext } from '../define-node.js'
import type { Retriever } from '../documents/retriever.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { testRun, type TestRun } from '../runtime/test-run.js'
import { testFetch } from '../testing/test-fetch.js'
import {
  doc,
  expectMmrPassesOverNearDuplicates,
  expectScoresAndMetadataFilter,
  expectStoredOnceClosestRetrieved,
  handbook,
  type BuildStoreNode,
} from '../testing/vector-store-node-cases.js'
import postgres from './postgres.node.js'

const url = process.env.TEST_DATABASE_URL
const signal = new AbortController().signal

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
  /** The node built on the table of `inputs`, with more inputs added. */
  const builderFor =
    (inputs: Record<string, unknown>): BuildStoreNode =>
    (extra, output) =>
      build({ ...inputs, ...extra }, output)
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
    const inputs = inputsFor()
    await expectStoredOnceClosestRetrieved(builderFor(inputs), () => countOf(inputs))
  })

  it('searches what earlier runs stored when no documents are connected', async () => {
    const inputs = inputsFor()
    await build({ ...inputs, document: [handbook] })
    const retriever = (await build({ ...inputs, topK: 1 })) as Retriever
    expect(await retriever.retrieve('When is the office open?', signal)).toEqual([handbook[2]])
  })

  it('gives the store with scores, and keeps to the metadata filter', async () => {
    await expectScoresAndMetadataFilter(builderFor(inputsFor()), 'pgMetadataFilter')
  })

  it('with Max Marginal Relevance, passes over near-duplicates', async () => {
    await expectMmrPassesOverNearDuplicates(builderFor(inputsFor()))
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
