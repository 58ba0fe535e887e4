import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import { startChromaStandIn, type ChromaStandIn } from '../testing/chroma-stand-in.js'
import { testFetch } from '../testing/test-fetch.js'
import {
  expectFiltersAsMatchesMetadataFilter,
  expectUpsertSearchReplaceDeleteClear,
  record,
} from '../testing/vector-collection-cases.js'
import { chromaWhere } from './chroma-filter.js'
import { openChromaCollection, type ChromaOptions } from './chroma-collection.js'

const API_KEY = 'chroma-test-key-0123456789'

describe('Chroma collection (chromadb SDK against a Chroma stand-in on 127.0.0.1)', () => {
  let standIn: ChromaStandIn
  let options: ChromaOptions

  beforeEach(async () => {
    standIn = await startChromaStandIn({ apiKey: API_KEY })
    options = {
      url: standIn.url,
      collectionName: 'handbook',
      dimensions: 3,
      fetch: testFetch(standIn.url),
      apiKey: API_KEY,
    }
  })
  afterEach(() => standIn.close())

  it('makes the collection, searches closest first, replaces, deletes and clears', async () => {
    const collection = await openChromaCollection(options)
    expect(standIn.collectionNames()).toEqual(['handbook'])
    expect(await collection.search([1, 0, 0], 3)).toEqual([])
    await expectUpsertSearchReplaceDeleteClear(collection)
    expect(standIn.requests.every((request) => request.headers['x-chroma-token'] === API_KEY)).toBe(true)
  })

  it('filters metadata exactly as matchesMetadataFilter does', async () => {
    await expectFiltersAsMatchesMetadataFilter(await openChromaCollection(options))
  })

  it('writes Chroma’s where with typed spellings, $and and $or only for two conditions or more', () => {
    expect(chromaWhere({ source: 'a.pdf' })).toEqual({ source: { $eq: 'a.pdf' } })
    expect(chromaWhere({ source: 'a.pdf', page: 2 })).toEqual({
      $and: [{ source: { $eq: 'a.pdf' } }, { $or: [{ page: { $eq: '2' } }, { page: { $eq: 2 } }] }],
    })
    expect(chromaWhere({})).toBeUndefined()
  })

  it('answers the vectors for Max Marginal Relevance, and flattens nested metadata', async () => {
    const collection = await openChromaCollection(options)
    await collection.upsert([record('a', [3, 0, 0], 'alpha', { page: 1, loc: { line: 4 } })])
    const [hit] = await collection.searchWithVectors([1, 0, 0], 1, { page: '1' })
    expect(hit!.document).toEqual({ pageContent: 'alpha', metadata: { page: 1, 'loc.line': 4 } })
    expect(hit!.vector).toHaveLength(3)
    expect(hit!.score).toBeCloseTo(1, 5)
  })

  it('says when the key is refused, without the key in the message', async () => {
    const wrong = 'chroma-wrong-key-9876543210'
    const error = (await openChromaCollection({ ...options, apiKey: wrong }).catch(
      (failure: Error) => failure,
    )) as Error
    expect(error.message).toMatch(
      /^Chroma \(collection handbook\): Chroma answered 401.*Check the Chroma API credential/,
    )
    expect(error.message).not.toContain(wrong)
  })

  it('is refused under the default guard, which does not let requests reach 127.0.0.1', async () => {
    await expect(openChromaCollection({ ...options, fetch: testFetch() })).rejects.toBeInstanceOf(
      OutboundRequestRefused,
    )
    expect(standIn.requests).toEqual([])
  })
})
