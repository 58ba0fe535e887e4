import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cosineSimilarity } from '../../documents/vector-index.js'
import type { VectorRecord } from '../../documents/vector-collection.js'
import { closeEmbeddedCollections, openEmbeddedCollection, type EmbeddedCollection } from './embedded-collection.js'
import { expectUpsertChanges } from '../../testing/vector-collection-cases.js'
import { randomRecords, randomVector, seededRandom } from './test-vectors.js'

const DIMENSIONS = 16
let folder: string

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'weft-vectors-'))
})

afterEach(async () => {
  await closeEmbeddedCollections()
  rmSync(folder, { recursive: true, force: true })
})

const record = (id: string, vector: number[], metadata: Record<string, unknown> = {}): VectorRecord => ({
  id,
  vector,
  document: { pageContent: `Text of ${id}`, metadata },
})

/** The ids of the `k` records closest to the query, by cosine similarity computed here. */
function exactTop(records: VectorRecord[], query: number[], k: number): string[] {
  return records
    .map((r) => ({ id: r.id, score: cosineSimilarity(query, r.vector) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map(({ id }) => id)
}

const idsOf = (found: { document: { pageContent: string } }[]) =>
  found.map(({ document }) => document.pageContent.replace('Text of ', '').replace('Record ', 'r'))

const indexFiles = () => readdirSync(folder).filter((name) => name.endsWith('.hnsw'))

describe('embedded collection', () => {
  it('answers what an upsert added, updated and left alone', async () => {
    await expectUpsertChanges(await openEmbeddedCollection(folder, 'changes', 3))
  })

  it('upserts, replaces, deletes, counts, lists ids and clears', async () => {
    const collection = await openEmbeddedCollection(folder, 'handbook', 3)
    await collection.upsert([record('a', [1, 0, 0]), record('b', [0, 1, 0]), record('c', [0, 0, 1])])
    expect(await collection.count()).toBe(3)
    expect((await collection.ids()).sort()).toEqual(['a', 'b', 'c'])

    await collection.upsert([{ ...record('a', [0, 1, 0.1]), document: { pageContent: 'New a', metadata: {} } }])
    expect(await collection.count()).toBe(3)
    const [best] = await collection.search([0, 1, 0.1], 1)
    expect(best!.document.pageContent).toBe('New a')
    expect(best!.score).toBeCloseTo(1, 5)

    await collection.delete(['b', 'unknown'])
    expect((await collection.ids()).sort()).toEqual(['a', 'c'])
    expect(idsOf(await collection.search([0, 1, 0], 5))).toEqual(['New a', 'c'])

    await collection.clear()
    expect(await collection.count()).toBe(0)
    expect(await collection.search([1, 0, 0], 3)).toEqual([])
  })

  it('answers closest first with cosine scores, and the stored documents', async () => {
    const collection = await openEmbeddedCollection(folder, 'scores', 2)
    await collection.upsert([
      record('east', [1, 0], { source: 'map.pdf', page: 1, nested: { deep: true } }),
      record('north', [0, 1]),
      record('north-east', [1, 1]),
    ])
    const found = await collection.search([1, 0.2], 3)
    expect(idsOf(found)).toEqual(['east', 'north-east', 'north'])
    expect(found[0]!.score).toBeCloseTo(cosineSimilarity([1, 0.2], [1, 0]), 5)
    expect(found[0]!.document.metadata).toEqual({ source: 'map.pdf', page: 1, nested: { deep: true } })
  })

  it('keeps only records whose metadata matches the filter (numbers and their text alike)', async () => {
    const collection = await openEmbeddedCollection(folder, 'filters', 2)
    await collection.upsert([
      record('p1', [1, 0], { source: 'a.pdf', page: 1 }),
      record('p2', [1, 0.1], { source: 'a.pdf', page: 2 }),
      record('q1', [1, 0.05], { source: 'b.pdf', page: 1, deep: { source: 'a.pdf' } }),
    ])
    expect(idsOf(await collection.search([1, 0], 3, { source: 'a.pdf' }))).toEqual(['p1', 'p2'])
    expect(idsOf(await collection.search([1, 0], 3, { page: '1' }))).toEqual(['p1', 'q1'])
    expect(idsOf(await collection.search([1, 0], 3, { source: 'a.pdf', page: 2 }))).toEqual(['p2'])
    expect(await collection.search([1, 0], 3, { deep: 'a.pdf' })).toEqual([])
    expect(idsOf(await collection.search([1, 0], 3, {}))).toHaveLength(3)
  })

  it('fixes the vector length at the first upsert and names both lengths on a mismatch', async () => {
    const first = await openEmbeddedCollection(folder, 'sized', 4)
    await first.upsert([record('a', [1, 0, 0, 0])])
    const other = await openEmbeddedCollection(folder, 'sized', 3)
    const message =
      'Embedded Vector Store (sized) holds vectors of 4 numbers; this embedding gives 3. Clear the store or choose the same embedding.'
    await expect(other.upsert([record('b', [1, 0, 0])])).rejects.toThrow(message)
    await expect(other.search([1, 0, 0], 1)).rejects.toThrow(message)
    await expect(first.search([1, 0, 0], 1)).rejects.toThrow('holds vectors of 4 numbers; this embedding gives 3.')

    await other.clear()
    await other.upsert([record('b', [1, 0, 0])])
    expect(await other.ids()).toEqual(['b'])
    await expect(first.upsert([record('c', [0, 0, 0, 1])])).rejects.toThrow(
      'holds vectors of 3 numbers; this embedding gives 4.',
    )
  })

  it('writes an upsert whole or not at all: an abort midway leaves nothing of it', async () => {
    const collection = await openEmbeddedCollection(folder, 'atomic', DIMENSIONS)
    await collection.upsert(randomRecords(10, DIMENSIONS))
    const controller = new AbortController()
    const more = randomRecords(3000, DIMENSIONS, 2).map((r) => ({ ...r, id: `more-${r.id}` }))
    const writing = collection.upsert(more, controller.signal)
    setImmediate(() => controller.abort(new Error('stopped')))
    await expect(writing).rejects.toThrow('stopped')
    expect(await collection.count()).toBe(10)
    await collection.close()
    const reopened = await openEmbeddedCollection(folder, 'atomic', DIMENSIONS)
    expect(await reopened.count()).toBe(10)
  })

  it('keeps records across close and reopen, apart from other collections', async () => {
    const records = randomRecords(50, DIMENSIONS)
    const collection = await openEmbeddedCollection(folder, 'kept', DIMENSIONS)
    await collection.upsert(records)
    await (await openEmbeddedCollection(folder, 'other', DIMENSIONS)).upsert(randomRecords(5, DIMENSIONS, 9))
    await collection.close()
    await closeEmbeddedCollections()

    const reopened = await openEmbeddedCollection(folder, 'kept', DIMENSIONS)
    expect(await reopened.count()).toBe(50)
    const query = records[7]!.vector
    expect(idsOf(await reopened.search(query, 3))).toEqual(exactTop(records, query, 3))
    expect(existsSync(join(folder, 'vectors.sqlite'))).toBe(true)
  })

  it('reads back what another process wrote before searching', async () => {
    const collection = await openEmbeddedCollection(folder, 'two-processes', 2)
    await collection.upsert([record('mine', [1, 0]), record('gone', [0.5, 0.5])])
    // A second copy of the module has its own open collections, as a queue worker would.
    vi.resetModules()
    const worker = await import('./embedded-collection.js')
    try {
      const theirs = await worker.openEmbeddedCollection(folder, 'two-processes', 2)
      await theirs.upsert([record('theirs', [0, 1])])
      await theirs.delete(['gone'])
      expect(idsOf(await collection.search([0, 1], 3))).toEqual(['theirs', 'mine'])
      await collection.upsert([record('later', [0.1, 1])])
      expect(idsOf(await theirs.search([0, 1], 3))).toEqual(['theirs', 'later', 'mine'])
      expect(idsOf(await collection.search([0, 1], 3))).toEqual(['theirs', 'later', 'mine'])
    } finally {
      await worker.closeEmbeddedCollections()
    }
  })

  it('shares one open collection between openers until the last one closes', async () => {
    const a = await openEmbeddedCollection(folder, 'shared', 2)
    const b = await openEmbeddedCollection(folder, 'shared', 2)
    await a.upsert([record('x', [1, 0])])
    expect(await b.ids()).toEqual(['x'])
    await a.close()
    await expect(a.count()).rejects.toThrow('was closed')
    expect(await b.count()).toBe(1)
  })
})

describe('embedded collection with its HNSW index', () => {
  const SIZE = 400
  const options = { indexAbove: 100, saveDelayMs: 60_000, exactFilterBelow: 20 }

  async function indexed(name: string, records: VectorRecord[]): Promise<EmbeddedCollection> {
    const collection = await openEmbeddedCollection(folder, name, DIMENSIONS, options)
    await collection.upsert(records)
    await collection.whenIndexed()
    return collection
  }

  it('indexes a collection past the threshold, and finds the same top result as exact search', async () => {
    const records = randomRecords(SIZE, DIMENSIONS)
    const collection = await indexed('big', records)
    expect(collection.indexState()).toMatchObject({ kind: 'hnsw', indexed: SIZE, pending: 0 })
    const random = seededRandom(42)
    for (let i = 0; i < 50; i++) {
      const query = randomVector(random, DIMENSIONS)
      const [best] = await collection.search(query, 4)
      expect(idsOf([best!])).toEqual(exactTop(records, query, 1))
    }
  })

  it('stays below the threshold without an index', async () => {
    const collection = await indexed('small', randomRecords(99, DIMENSIONS))
    expect(collection.indexState()).toMatchObject({ kind: 'exact', indexed: 0, pending: 99 })
  })

  it('forgets deleted and replaced records in the index', async () => {
    const records = randomRecords(SIZE, DIMENSIONS)
    const collection = await indexed('changes', records)
    const query = records[3]!.vector
    await collection.delete(['r3'])
    expect(idsOf(await collection.search(query, 1))).not.toContain('r3')
    await collection.upsert([{ ...records[5]!, vector: query }])
    expect(idsOf(await collection.search(query, 1))).toEqual(['r5'])
    await collection.whenIndexed()
    expect(collection.indexState()).toMatchObject({ kind: 'hnsw', indexed: SIZE - 1, pending: 0 })
    expect(idsOf(await collection.search(query, 1))).toEqual(['r5'])
  })

  it('filters through the index, and exactly when few records match', async () => {
    const records = randomRecords(SIZE, DIMENSIONS, 1, 4)
    const collection = await indexed('filtered', records)
    const query = randomVector(seededRandom(5), DIMENSIONS)
    const inGroup = records.filter((r) => r.document.metadata.group === 'g2')
    // 100 of 400 match: walked in the graph with the filter.
    const found = await collection.search(query, 5, { group: 'g2' })
    expect(found).toHaveLength(5)
    expect(found.every(({ document }) => document.metadata.group === 'g2')).toBe(true)
    expect(idsOf(found)[0]).toBe(exactTop(inGroup, query, 1)[0])
    // One record matches: exact over the matching ones.
    expect(idsOf(await collection.search(query, 5, { n: 17 }))).toEqual(['r17'])
  })

  it('finds records added after the index was built before the index takes them in', async () => {
    const records = randomRecords(SIZE, DIMENSIONS)
    const collection = await indexed('growing', records)
    const fresh = record('fresh', randomVector(seededRandom(77), DIMENSIONS))
    await collection.upsert([fresh])
    expect(idsOf(await collection.search(fresh.vector, 1))).toEqual(['fresh'])
  })

  it('builds a large index on a worker thread, answering and taking writes meanwhile', async () => {
    const records = randomRecords(SIZE, DIMENSIONS)
    const collection = await openEmbeddedCollection(folder, 'worker', DIMENSIONS, { ...options, workerAbove: 100 })
    await collection.upsert(records)
    expect(collection.indexState()).toMatchObject({ building: true, indexed: 0, pending: SIZE })
    expect(idsOf(await collection.search(records[9]!.vector, 1))).toEqual(['r9'])
    await collection.delete(['r9'])
    const fresh = record('fresh', randomVector(seededRandom(8), DIMENSIONS))
    await collection.upsert([fresh])

    await collection.whenIndexed()
    expect(collection.indexState()).toMatchObject({ kind: 'hnsw', building: false, indexed: SIZE, pending: 0 })
    expect(idsOf(await collection.search(records[9]!.vector, 1))).not.toContain('r9')
    expect(idsOf(await collection.search(fresh.vector, 1))).toEqual(['fresh'])
    const random = seededRandom(43)
    const kept = [...records.filter(({ id }) => id !== 'r9'), fresh]
    for (let i = 0; i < 20; i++) {
      const query = randomVector(random, DIMENSIONS)
      expect(idsOf(await collection.search(query, 1))).toEqual(exactTop(kept, query, 1))
    }
  })

  it('saves the index on close and reads it back on open', async () => {
    const records = randomRecords(SIZE, DIMENSIONS)
    await indexed('saved', records)
    await closeEmbeddedCollections()
    expect(indexFiles()).toHaveLength(1)

    const reopened = await openEmbeddedCollection(folder, 'saved', DIMENSIONS, options)
    expect(reopened.indexState()).toMatchObject({
      kind: 'hnsw',
      indexed: SIZE,
      pending: 0,
      fromFile: true,
      staleFile: false,
    })
    const query = records[11]!.vector
    expect(idsOf(await reopened.search(query, 1))).toEqual(['r11'])
  })

  it('builds the index again when its file is gone', async () => {
    const records = randomRecords(SIZE, DIMENSIONS)
    await indexed('rebuilt', records)
    await closeEmbeddedCollections()
    for (const name of indexFiles()) rmSync(join(folder, name))

    const reopened = await openEmbeddedCollection(folder, 'rebuilt', DIMENSIONS, options)
    expect(reopened.indexState()).toMatchObject({ kind: 'hnsw', fromFile: false })
    expect(idsOf(await reopened.search(records[20]!.vector, 1))).toEqual(['r20'])
    await reopened.whenIndexed()
    expect(reopened.indexState()).toMatchObject({ indexed: SIZE, pending: 0 })
    expect(idsOf(await reopened.search(records[21]!.vector, 1))).toEqual(['r21'])
  })

  it('brings a stale index file up to date with the records', async () => {
    const records = randomRecords(SIZE, DIMENSIONS)
    await indexed('stale', records)
    await closeEmbeddedCollections()
    const [file] = indexFiles()
    copyFileSync(join(folder, file!), join(folder, 'old-index'))

    // Later writes, whose index is saved; then the older file comes back, as if the process had died
    // before saving it.
    const later = await openEmbeddedCollection(folder, 'stale', DIMENSIONS, options)
    const added = randomRecords(30, DIMENSIONS, 3).map((r) => ({
      ...r,
      id: `new-${r.id}`,
      document: { pageContent: `Text of new-${r.id}`, metadata: {} },
    }))
    await later.upsert(added)
    await later.delete(['r0', 'r1', 'r2'])
    await later.whenIndexed()
    await closeEmbeddedCollections()
    copyFileSync(join(folder, 'old-index'), join(folder, file!))

    const reopened = await openEmbeddedCollection(folder, 'stale', DIMENSIONS, options)
    expect(reopened.indexState()).toMatchObject({ kind: 'hnsw', fromFile: true, staleFile: true })
    expect(await reopened.count()).toBe(SIZE + 30 - 3)
    expect(idsOf(await reopened.search(records[0]!.vector, 5))).not.toContain('r0')
    await reopened.whenIndexed()
    expect(reopened.indexState()).toMatchObject({ indexed: SIZE + 30 - 3, pending: 0 })
    const nearDeleted = idsOf(await reopened.search(records[1]!.vector, 5))
    expect(nearDeleted).toHaveLength(5)
    expect(nearDeleted).not.toContain('r1')
    const [best] = await reopened.search(added[4]!.vector, 1)
    expect(idsOf([best!])).toEqual(['new-r4'])
    expect(best!.score).toBeCloseTo(1, 5)
  })
})
