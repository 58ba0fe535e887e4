import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { closeEmbeddedCollections, openEmbeddedCollection } from './embedded-collection.js'
import { randomVector, seededRandom } from './test-vectors.js'

// A process killed with SIGKILL while it upserts. The built store (`npm test` builds first) runs in
// a child process: it writes three batches of 1,000 records (past the index threshold) and lets the
// index be saved, writes a fourth batch that the index file does not hold yet, then starts a fifth
// and kills itself at the first pause inside that upsert's transaction.

const DIST = new URL('../../../dist/vector-stores/embedded/', import.meta.url).href
const BATCH = 1000
const DIMENSIONS = 16
const OPTIONS = { indexAbove: 1500, saveDelayMs: 20 }

const CHILD = `
import { setTimeout as sleep } from 'node:timers/promises'
import { openEmbeddedCollection } from '${DIST}embedded-collection.js'
import { randomVector, seededRandom } from '${DIST}test-vectors.js'
const collection = await openEmbeddedCollection(process.argv[1], 'crash', ${DIMENSIONS}, ${JSON.stringify(OPTIONS)})
const batch = (n) => {
  const random = seededRandom(n + 1)
  return Array.from({ length: ${BATCH} }, (_, i) => ({
    id: 'b' + n + '-' + i,
    vector: randomVector(random, ${DIMENSIONS}),
    document: { pageContent: 'b' + n + '-' + i, metadata: { batch: n } },
  }))
}
for (const n of [0, 1, 2]) await collection.upsert(batch(n))
await collection.whenIndexed()
await sleep(300)
await collection.upsert(batch(3))
void collection.upsert(batch(4))
setImmediate(() => process.kill(process.pid, 'SIGKILL'))
`

let folder: string

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'weft-vectors-crash-'))
})

afterEach(async () => {
  await closeEmbeddedCollections()
  rmSync(folder, { recursive: true, force: true })
})

it('keeps every upsert whole, and brings the index level with the records, after kill -9 midway', async () => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD, folder], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await once(child, 'exit')
  expect(child.signalCode).toBe('SIGKILL')

  const database = new SQLite(join(folder, 'vectors.sqlite'))
  expect(database.pragma('integrity_check', { simple: true })).toBe('ok')
  const perBatch = database
    .prepare("SELECT json_extract(metadata, '$.batch') AS batch, count(*) AS n FROM vectors GROUP BY 1 ORDER BY 1")
    .all()
  database.close()
  expect(perBatch).toEqual([0, 1, 2, 3].map((batch) => ({ batch, n: BATCH })))

  const collection = await openEmbeddedCollection(folder, 'crash', DIMENSIONS, OPTIONS)
  expect(await collection.count()).toBe(4 * BATCH)
  expect(collection.indexState()).toMatchObject({ kind: 'hnsw', fromFile: true, staleFile: true, pending: BATCH })
  await collection.whenIndexed()
  expect(collection.indexState()).toMatchObject({ indexed: 4 * BATCH, pending: 0 })
  for (const batch of [0, 3]) {
    const vector = randomVector(seededRandom(batch + 1), DIMENSIONS)
    const [best] = await collection.search(vector, 1)
    expect(best!.document.pageContent).toBe(`b${batch}-0`)
  }
})
