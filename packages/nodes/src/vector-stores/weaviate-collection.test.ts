import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import { testFetch } from '../testing/test-fetch.js'
import { expectUpsertSearchReplaceDeleteClear, record } from '../testing/vector-collection-cases.js'
import { graphqlArgsToJson, startWeaviateStandIn, type WeaviateStandIn } from '../testing/weaviate-stand-in.js'
import { openWeaviateCollection, type WeaviateOptions } from './weaviate-collection.js'
import { weaviateWhere } from './weaviate-connection.js'

const API_KEY = 'weaviate-test-key-0123456789'

describe('Weaviate collection (weaviate-ts-client builders against a Weaviate stand-in on 127.0.0.1)', () => {
  let standIn: WeaviateStandIn
  let options: WeaviateOptions

  beforeEach(async () => {
    standIn = await startWeaviateStandIn({ apiKey: API_KEY })
    options = { url: standIn.url, indexName: 'handbook', dimensions: 3, fetch: testFetch(standIn.url), apiKey: API_KEY }
  })
  afterEach(() => standIn.close())

  it('makes the class on the first upsert, searches closest first, replaces, deletes and clears', async () => {
    const collection = await openWeaviateCollection(options)
    expect(await collection.search([1, 0, 0], 3)).toEqual([])
    await expectUpsertSearchReplaceDeleteClear(collection)
    expect(standIn.requests.every((request) => request.headers.authorization === `Bearer ${API_KEY}`)).toBe(true)
  })

  it('keeps metadata as typed properties, as Flowise does, and filters by them as matchesMetadataFilter does', async () => {
    const collection = await openWeaviateCollection(options)
    expect(standIn.classNames()).toEqual([])
    await collection.upsert([
      record('a', [1, 0, 0], 'alpha', { source: 'a.pdf', page: 2, draft: false, loc: { line: 4 } }),
      record('b', [0.9, 0.1, 0], 'beta', { source: 'b.pdf', page: 2.5, draft: true }),
      record('c', [0.8, 0.2, 0], 'gamma', { source: 'a.pdf', page: 3, draft: true }),
    ])
    expect(standIn.classNames()).toEqual(['Handbook'])
    const texts = async (filter: Record<string, string | number | boolean>) =>
      (await collection.search([1, 0, 0], 10, filter)).map((hit) => hit.document.pageContent)
    expect(await texts({ source: 'a.pdf' })).toEqual(['alpha', 'gamma'])
    expect(await texts({ page: '2' })).toEqual(['alpha'])
    expect(await texts({ page: 2.5, draft: 'true' })).toEqual(['beta'])
    expect(await texts({ page: '2.0' })).toEqual([])
    expect(await texts({ missing: 'x' })).toEqual([])
    const [hit] = await collection.searchWithVectors([1, 0, 0], 1)
    expect(hit!.document).toEqual({
      pageContent: 'alpha',
      metadata: { source: 'a.pdf', page: 2, draft: false, loc_line: 4 },
    })
    expect(hit!.vector).toEqual([1, 0, 0])
  })

  it('adds the Weaviate Search Filter (Weaviate’s own form) to every search', async () => {
    const collection = await openWeaviateCollection(options)
    await collection.upsert([
      record('a', [1, 0, 0], 'alpha', { source: 'x' }),
      record('b', [0.9, 0.1, 0], 'beta', { source: 'y' }),
    ])
    const filtered = await openWeaviateCollection({
      ...options,
      where: { path: ['source'], operator: 'Equal', valueText: 'y' },
    })
    expect((await filtered.search([1, 0, 0], 2)).map((hit) => hit.document.pageContent)).toEqual(['beta'])
  })

  it('writes where filters typed by the class’s properties', () => {
    const types = new Map([
      ['source', 'text'],
      ['page', 'number'],
      ['draft', 'boolean'],
    ])
    expect(weaviateWhere({ source: 'a' }, types)).toEqual({ path: ['source'], operator: 'Equal', valueText: 'a' })
    expect(weaviateWhere({ page: '2', draft: 'yes' }, types)).toBe(false)
    expect(weaviateWhere({ page: '2', draft: true }, types)).toEqual({
      operator: 'And',
      operands: [
        { path: ['page'], operator: 'Equal', valueNumber: 2 },
        { path: ['draft'], operator: 'Equal', valueBoolean: true },
      ],
    })
    expect(graphqlArgsToJson('limit:2,where:{operator:Equal,valueText:"a,b",path:["x"]}')).toEqual({
      limit: 2,
      where: { operator: 'Equal', valueText: 'a,b', path: ['x'] },
    })
  })

  it('says when the key is refused, without the key in the message', async () => {
    const wrong = 'weaviate-wrong-key-9876543210'
    const error = (await openWeaviateCollection({ ...options, apiKey: wrong }).catch(
      (failure: Error) => failure,
    )) as Error
    expect(error.message).toMatch(
      /^Weaviate \(class Handbook\): Weaviate answered 401.*Check the Weaviate API credential/,
    )
    expect(error.message).not.toContain(wrong)
  })

  it('is refused under the default guard, which does not let requests reach 127.0.0.1', async () => {
    await expect(openWeaviateCollection({ ...options, fetch: testFetch() })).rejects.toBeInstanceOf(
      OutboundRequestRefused,
    )
    expect(standIn.requests).toEqual([])
  })
})
