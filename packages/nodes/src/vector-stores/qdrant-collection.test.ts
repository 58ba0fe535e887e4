import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import { startQdrantStandIn, type QdrantStandIn } from '../testing/qdrant-stand-in.js'
import { testFetch } from '../testing/test-fetch.js'
import {
  expectFiltersAsMatchesMetadataFilter,
  expectUpsertSearchReplaceDeleteClear,
  record,
} from '../testing/vector-collection-cases.js'
import { openQdrantCollection, pointIdOf, type QdrantOptions } from './qdrant-collection.js'

describe('Qdrant collection (against a Qdrant stand-in on 127.0.0.1)', () => {
  let standIn: QdrantStandIn
  let options: QdrantOptions

  beforeEach(async () => {
    standIn = await startQdrantStandIn({ apiKey: 'qdrant-key' })
    options = {
      url: standIn.url,
      collectionName: 'handbook',
      dimensions: 3,
      fetch: testFetch(standIn.url),
      apiKey: 'qdrant-key',
    }
  })
  afterEach(() => standIn.close())

  it('makes the collection on the first upsert, searches closest first, replaces, deletes and clears', async () => {
    const collection = await openQdrantCollection(options)
    expect(await collection.search([1, 0, 0], 3)).toEqual([])
    expect(await collection.count()).toBe(0)
    await expectUpsertSearchReplaceDeleteClear(collection)
    expect(
      standIn.requests.some((request) => request.method === 'PUT' && request.path === '/collections/handbook'),
    ).toBe(true)
    await collection.upsert([record('d', [1, 1, 0])])
    expect(await collection.ids()).toEqual(['d'])
  })

  it('keeps ids that are not UUIDs in the payload, under UUID point ids made from them', async () => {
    const collection = await openQdrantCollection(options)
    const uuid = '3F2504E0-4F89-41D3-9A0C-0305E82C3301'
    await collection.upsert([record('chunk-1', [1, 0, 0]), record(uuid, [0, 1, 0])])
    expect(pointIdOf('chunk-1')).toMatch(/^[0-9a-f-]{36}$/)
    expect(pointIdOf('chunk-1')).toBe(pointIdOf('chunk-1'))
    expect(pointIdOf(uuid)).toBe(uuid.toLowerCase())
    expect((await collection.ids()).sort()).toEqual(['chunk-1', uuid].sort())
  })

  it('filters metadata exactly as matchesMetadataFilter does', async () => {
    await expectFiltersAsMatchesMetadataFilter(await openQdrantCollection(options))
  })

  it('uses the payload keys it is given, and answers the vectors for Max Marginal Relevance', async () => {
    const collection = await openQdrantCollection({ ...options, contentKey: 'text', metadataKey: 'meta' })
    await collection.upsert([record('a', [3, 0, 0], 'alpha', { page: 1 })])
    const [hit] = await collection.searchWithVectors([1, 0, 0], 1, { page: '1' })
    expect(hit!.document).toEqual({ pageContent: 'alpha', metadata: { page: 1 } })
    expect(hit!.vector).toHaveLength(3)
  })

  it('refuses a collection of another vector length, naming both lengths, and writes nothing of a bad upsert', async () => {
    const collection = await openQdrantCollection(options)
    await collection.upsert([record('a', [1, 0, 0])])
    await expect(openQdrantCollection({ ...options, dimensions: 4 })).rejects.toThrow(
      /vectors of 3 numbers, but the embeddings give 4/,
    )
    await expect(collection.upsert([record('b', [1, 0, 0]), record('c', [1, 0])])).rejects.toThrow(
      /3 numbers, but chunk c has 2/,
    )
    expect(await collection.ids()).toEqual(['a'])
  })

  it('sends the API key, and says so when the server refuses it', async () => {
    await openQdrantCollection(options)
    expect(standIn.requests.every((request) => request.apiKey === 'qdrant-key')).toBe(true)
    await expect(openQdrantCollection({ ...options, apiKey: 'wrong' })).rejects.toThrow(
      /Qdrant answered 401.*Check the Qdrant API credential/,
    )
  })

  it('is refused under the default guard, which does not let requests reach 127.0.0.1', async () => {
    await expect(openQdrantCollection({ ...options, fetch: testFetch() })).rejects.toBeInstanceOf(
      OutboundRequestRefused,
    )
    expect(standIn.requests).toEqual([])
  })
})
