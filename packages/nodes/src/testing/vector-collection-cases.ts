import { matchesMetadataFilter } from '@weft/core'
import { expect } from 'vitest'
import type { VectorRecord } from '../documents/vector-collection.js'
import { cosineSimilarity } from '../documents/vector-index.js'
import type { SearchableCollection } from '../vector-stores/collection-store.js'
import { filterCaseMetadata, filterCases } from './metadata-filter-cases.js'

// What every external store's collection (pgvector, Qdrant) must do alike, checked the same way on each.

export const record = (
  id: string,
  vector: number[],
  pageContent = id,
  metadata: Record<string, unknown> = {},
): VectorRecord => ({
  id,
  vector,
  document: { pageContent, metadata },
})

/** A vector of `n` numbers pointing somewhere decided by `seed`. */
export const direction = (seed: number, n = 3) =>
  Array.from({ length: n }, (_, i) => Math.sin(seed * 7.1 + i * 1.3) + 0.01)

/**
 * Upserts three records into an empty collection of 3 numbers, then checks the search (closest first,
 * cosine similarity), a replacement by id, a delete (an unknown id passed over) and a clear.
 */
export async function expectUpsertSearchReplaceDeleteClear(collection: SearchableCollection): Promise<void> {
  await collection.upsert([
    record('a', [1, 0, 0], 'alpha', { source: 'x' }),
    record('b', [0, 1, 0], 'beta'),
    record('c', [0.9, 0.1, 0], 'gamma'),
  ])
  expect(await collection.count()).toBe(3)
  const found = await collection.search([1, 0, 0], 2)
  expect(found.map((hit) => hit.document)).toEqual([
    { pageContent: 'alpha', metadata: { source: 'x' } },
    { pageContent: 'gamma', metadata: {} },
  ])
  expect(found[1]?.score).toBeCloseTo(cosineSimilarity([1, 0, 0], [0.9, 0.1, 0]), 5)

  await collection.upsert([record('a', [0, 0, 1], 'alpha again')])
  expect(await collection.count()).toBe(3)
  expect((await collection.search([0, 0, 1], 1))[0]?.document.pageContent).toBe('alpha again')

  await collection.delete(['b', 'no-such-id'])
  expect((await collection.ids()).sort()).toEqual(['a', 'c'])
  await collection.clear()
  expect(await collection.count()).toBe(0)
}

/**
 * Checks what upserts answer they changed, in an empty collection of 3 numbers: new ids added, a
 * record that differs updated, one stored exactly as given skipped.
 */
export async function expectUpsertChanges(collection: SearchableCollection): Promise<void> {
  expect(await collection.upsert([record('a', [1, 0, 0]), record('b', [0, 1, 0])])).toEqual({
    added: ['a', 'b'],
    updated: 0,
    skipped: 0,
  })
  const changes = await collection.upsert([record('a', [1, 0, 0]), record('b', [0, 0, 1]), record('c', [0, 1, 1])])
  expect(changes).toEqual({ added: ['c'], updated: 1, skipped: 1 })
  expect(await collection.upsert([record('c', [0, 1, 1], 'c again')])).toEqual({ added: [], updated: 1, skipped: 0 })
}

/** Stores the filter cases' metadata and checks that each filter finds exactly what matchesMetadataFilter keeps. */
export async function expectFiltersAsMatchesMetadataFilter(collection: SearchableCollection): Promise<void> {
  await collection.upsert(filterCaseMetadata.map((metadata, at) => record(`m${at}`, direction(at), `m${at}`, metadata)))
  for (const filter of filterCases) {
    const expected = filterCaseMetadata.flatMap((metadata, at) =>
      matchesMetadataFilter(metadata, filter) ? [`m${at}`] : [],
    )
    const found = await collection.search([1, 1, 1], 100, filter)
    expect(found.map((hit) => hit.document.pageContent).sort(), JSON.stringify(filter)).toEqual(expected.sort())
  }
}
