import { describe, expect, it } from 'vitest'
import {
  expectFiltersAsMatchesMetadataFilter,
  expectUpsertChanges,
  expectUpsertSearchReplaceDeleteClear,
  record,
} from '../testing/vector-collection-cases.js'
import { MemoryCollection } from './memory-collection.js'

describe('MemoryCollection', () => {
  it('upserts, searches by cosine similarity, replaces, deletes and clears', async () => {
    await expectUpsertSearchReplaceDeleteClear(new MemoryCollection('In-Memory Vector Store'))
  })

  it('answers what an upsert added, updated and skipped', async () => {
    await expectUpsertChanges(new MemoryCollection('In-Memory Vector Store'))
  })

  it('filters metadata exactly as matchesMetadataFilter does', async () => {
    await expectFiltersAsMatchesMetadataFilter(new MemoryCollection('In-Memory Vector Store'))
  })

  it('refuses, and writes nothing of, an upsert past its bound', async () => {
    const collection = new MemoryCollection('In-Memory Vector Store', 9)
    await collection.upsert([record('a', [1, 0, 0]), record('b', [0, 1, 0])])
    await expect(
      collection.upsert([record('a', [0, 0, 1]), record('c', [0, 0, 1]), record('d', [1, 1, 0])]),
    ).rejects.toThrow('In-Memory Vector Store holds at most 9 numbers of vectors (3 documents of this embedding)')
    expect((await collection.ids()).sort()).toEqual(['a', 'b'])
    expect((await collection.search([0, 0, 1], 1))[0]?.document.pageContent).toBe('a')
  })

  it('says so when vectors differ in length from the ones it holds', async () => {
    const collection = new MemoryCollection('In-Memory Vector Store')
    await collection.upsert([record('a', [1, 0, 0])])
    await expect(collection.search([1, 0], 1)).rejects.toThrow(
      'In-Memory Vector Store holds vectors of 3 numbers; this embedding gives 2.',
    )
    await expect(collection.upsert([record('b', [1, 0])])).rejects.toThrow('holds vectors of 3 numbers')
  })
})
