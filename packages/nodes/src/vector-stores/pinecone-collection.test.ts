import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import { startPineconeStandIn, type PineconeStandIn } from '../testing/pinecone-stand-in.js'
import { testFetch } from '../testing/test-fetch.js'
import {
  expectFiltersAsMatchesMetadataFilter,
  expectUpsertSearchReplaceDeleteClear,
  record,
} from '../testing/vector-collection-cases.js'
import { openPineconeCollection, type PineconeOptions } from './pinecone-collection.js'
import { pineconeMetadata } from './pinecone-metadata.js'

const API_KEY = 'pc-test-key-0123456789'

describe('Pinecone collection (Pinecone SDK against a Pinecone stand-in on 127.0.0.1)', () => {
  let standIn: PineconeStandIn
  let options: PineconeOptions

  beforeEach(async () => {
    standIn = await startPineconeStandIn(API_KEY)
    standIn.createIndex('handbook', 3)
    options = {
      indexName: 'handbook',
      apiKey: API_KEY,
      dimensions: 3,
      fetch: testFetch(standIn.url),
      controllerUrl: standIn.url,
    }
  })
  afterEach(() => standIn.close())

  it('searches closest first, replaces, deletes and clears', async () => {
    const collection = await openPineconeCollection(options)
    expect(await collection.search([1, 0, 0], 3)).toEqual([])
    await expectUpsertSearchReplaceDeleteClear(collection)
    expect(standIn.requests.every((request) => request.headers['api-key'] === API_KEY)).toBe(true)
  })

  it('filters metadata exactly as matchesMetadataFilter does', async () => {
    await expectFiltersAsMatchesMetadataFilter(await openPineconeCollection(options))
  })

  it('keeps namespaces apart, and answers the vectors for Max Marginal Relevance', async () => {
    const first = await openPineconeCollection({ ...options, namespace: 'first' })
    const second = await openPineconeCollection({ ...options, namespace: 'second' })
    await first.upsert([record('a', [1, 0, 0], 'alpha', { page: 1 })])
    expect(await second.count()).toBe(0)
    expect(await first.ids()).toEqual(['a'])
    const [hit] = await first.searchWithVectors([1, 0, 0], 1, { page: '1' })
    expect(hit!.document).toEqual({ pageContent: 'alpha', metadata: { page: 1 } })
    expect(hit!.vector).toHaveLength(3)
  })

  it('stores flat metadata as Flowise does: nested keys dotted, nulls dropped, the text under "text"', () => {
    expect(pineconeMetadata('body', { loc: { lines: { from: 1 } }, tags: ['a'], gone: null })).toEqual({
      'loc.lines.from': 1,
      tags: ['a'],
      text: 'body',
    })
  })

  it('refuses an index of another vector length, and a missing index, saying what to do', async () => {
    await expect(openPineconeCollection({ ...options, dimensions: 4 })).rejects.toThrow(
      /vectors of 3 numbers, but the embeddings give 4/,
    )
    await expect(openPineconeCollection({ ...options, indexName: 'nothing' })).rejects.toThrow(
      /Pinecone \(index nothing\): there is no such index. Create it/,
    )
  })

  it('says when the key is refused, without the key in the message', async () => {
    const wrong = 'pc-wrong-key-9876543210'
    const error = await openPineconeCollection({ ...options, apiKey: wrong }).catch((failure: Error) => failure)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toMatch(/^Pinecone \(index handbook\)/)
    expect((error as Error).message).not.toContain(wrong)
  })

  it('is refused under the default guard, which does not let requests reach 127.0.0.1', async () => {
    await expect(openPineconeCollection({ ...options, fetch: testFetch() })).rejects.toBeInstanceOf(
      OutboundRequestRefused,
    )
    expect(standIn.requests).toEqual([])
  })
})
