import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import { startLoopbackApi } from '../testing/loopback-api.js'
import { holds, startMilvusStandIn, type MilvusStandIn } from '../testing/milvus-stand-in.js'
import { testFetch } from '../testing/test-fetch.js'
import {
  expectFiltersAsMatchesMetadataFilter,
  expectUpsertSearchReplaceDeleteClear,
  record,
} from '../testing/vector-collection-cases.js'
import { openMilvusCollection, type MilvusOptions } from './milvus-collection.js'
import { milvusFilterExpression, milvusIdsExpression } from './milvus-filter.js'

const TOKEN = 'root:milvus-test-password-0123'

describe('Milvus collection (REST API v2 against a Milvus stand-in on 127.0.0.1)', () => {
  let standIn: MilvusStandIn
  let options: MilvusOptions

  beforeEach(async () => {
    standIn = await startMilvusStandIn({ token: TOKEN })
    options = {
      url: standIn.url,
      collectionName: 'handbook',
      dimensions: 3,
      fetch: testFetch(standIn.url),
      token: TOKEN,
    }
  })
  afterEach(() => standIn.close())

  it('makes the collection on the first upsert, searches closest first, replaces, deletes and clears', async () => {
    const collection = await openMilvusCollection(options)
    expect(await collection.search([1, 0, 0], 3)).toEqual([])
    expect(await collection.count()).toBe(0)
    await expectUpsertSearchReplaceDeleteClear(collection)
    expect(standIn.requests.every((request) => request.headers.authorization === `Bearer ${TOKEN}`)).toBe(true)
    for (const request of standIn.requests) {
      expect(request.method).toBe('POST')
      expect(request.url).toMatch(/^\/v2\/vectordb\/(collections|entities)\/[a-z_]+$/)
      expect(request.headers['content-type']).toBe('application/json')
      expect(JSON.parse(request.body)).toMatchObject({ dbName: 'default', collectionName: 'handbook' })
    }
  })

  it('filters metadata exactly as matchesMetadataFilter does', async () => {
    await expectFiltersAsMatchesMetadataFilter(await openMilvusCollection(options))
  })

  it('writes expressions on dynamic keys and fields, quoting texts', () => {
    expect(milvusFilterExpression({ source: 'a "b"', page: 2 }, new Set(['source']))).toBe(
      '(source == "a \\"b\\"") and ($meta["page"] == "2" or $meta["page"] == 2)',
    )
    expect(milvusIdsExpression('langchain_primaryid', ['a', 'b'])).toBe('langchain_primaryid in ["a", "b"]')
    expect(holds('(x == 1 or x == 2) and $meta["y z"] == "q"', { x: 2, 'y z': 'q' })).toBe(true)
  })

  it('adds the Milvus Filter expression to every search, and answers vectors for Max Marginal Relevance', async () => {
    const collection = await openMilvusCollection(options)
    await collection.upsert([
      record('a', [3, 0, 0], 'alpha', { page: 1 }),
      record('b', [1, 0.1, 0], 'beta', { page: 2 }),
    ])
    const filtered = await openMilvusCollection({ ...options, expression: '$meta["page"] == 2' })
    expect((await filtered.search([1, 0, 0], 2)).map((hit) => hit.document.pageContent)).toEqual(['beta'])
    const [hit] = await collection.searchWithVectors([1, 0, 0], 1, { page: '1' })
    expect(hit!.document).toEqual({ pageContent: 'alpha', metadata: { page: 1 } })
    expect(hit!.vector).toEqual([3, 0, 0])
  })

  it('refuses a collection of another vector length', async () => {
    const collection = await openMilvusCollection(options)
    await collection.upsert([record('a', [1, 0, 0])])
    await expect(openMilvusCollection({ ...options, dimensions: 4 })).rejects.toThrow(
      /vectors of 3 numbers, but the embeddings give 4/,
    )
  })

  it('says when the credential is refused, without the password in the message', async () => {
    const wrong = 'root:wrong-password-987654'
    const error = (await openMilvusCollection({ ...options, token: wrong }).catch((failure: Error) => failure)) as Error
    expect(error.message).toMatch(
      /^Milvus \(collection handbook\): Milvus answered code 1800.*Check the Milvus Auth credential/,
    )
    expect(error.message).not.toContain('wrong-password-987654')
  })

  it('says what a server that is not Milvus answered', async () => {
    const other = await startLoopbackApi((_request, res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<h1>Bad Gateway</h1>')
    })
    const error = (await openMilvusCollection({ ...options, url: other.url, fetch: testFetch(other.url) }).catch(
      (failure: Error) => failure,
    )) as Error
    await other.close()
    expect(error.message).toBe(
      'Milvus (collection handbook): Milvus answered HTTP 502 to collections/has: <h1>Bad Gateway</h1>',
    )
  })

  it('is refused under the default guard, which does not let requests reach 127.0.0.1', async () => {
    await expect(openMilvusCollection({ ...options, fetch: testFetch() })).rejects.toBeInstanceOf(
      OutboundRequestRefused,
    )
    expect(standIn.requests).toEqual([])
  })
})
