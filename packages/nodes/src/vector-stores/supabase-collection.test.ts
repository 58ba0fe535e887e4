import { afterEach, describe, expect, it } from 'vitest'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import {
  startSupabaseStandIn,
  type SupabaseStandIn,
  type SupabaseStandInOptions,
} from '../testing/supabase-stand-in.js'
import { testFetch } from '../testing/test-fetch.js'
import {
  expectFiltersAsMatchesMetadataFilter,
  expectUpsertSearchReplaceDeleteClear,
  record,
} from '../testing/vector-collection-cases.js'
import { metadataTexts, openSupabaseCollection, rowIdOf, type SupabaseOptions } from './supabase-collection.js'

const API_KEY = 'supabase-test-key-0123456789'

describe('Supabase collection (supabase-js against a Supabase stand-in on 127.0.0.1)', () => {
  let standIn: SupabaseStandIn
  const start = async (extra: Partial<SupabaseStandInOptions> = {}): Promise<SupabaseOptions> => {
    standIn = await startSupabaseStandIn({ apiKey: API_KEY, dimensions: 3, ...extra })
    return {
      url: standIn.url,
      apiKey: API_KEY,
      tableName: 'documents',
      queryName: 'match_documents',
      dimensions: 3,
      fetch: testFetch(standIn.url),
    }
  }
  afterEach(() => standIn.close())

  it('searches closest first, replaces, deletes and clears, on a table with bigint ids', async () => {
    const collection = await openSupabaseCollection(await start())
    expect(await collection.search([1, 0, 0], 3)).toEqual([])
    await expectUpsertSearchReplaceDeleteClear(collection)
    expect(standIn.requests.every((request) => request.headers.apikey === API_KEY)).toBe(true)
  })

  it('finds out a table with uuid ids on the first write, and keeps using them', async () => {
    const options = await start({ idType: 'uuid' })
    const collection = await openSupabaseCollection(options)
    await collection.upsert([record('a', [1, 0, 0])])
    expect(standIn.rowIds()).toEqual([rowIdOf('a', 'uuid')])
    const reopened = await openSupabaseCollection(options)
    await reopened.upsert([record('a', [0, 1, 0]), record('b', [0, 0, 1])])
    expect((await reopened.ids()).sort()).toEqual(['a', 'b'])
    expect(typeof rowIdOf('a', 'bigint')).toBe('number')
  })

  it('filters metadata exactly as matchesMetadataFilter does', async () => {
    await expectFiltersAsMatchesMetadataFilter(await openSupabaseCollection(await start()))
    expect(metadataTexts(1e21)).toEqual(['1e+21', '1000000000000000000000'])
    expect(metadataTexts('true')).toEqual(['true'])
  })

  it('answers the vectors for Max Marginal Relevance, without the record id in the metadata', async () => {
    const collection = await openSupabaseCollection(await start())
    await collection.upsert([record('a', [3, 0, 0], 'alpha', { page: 1 })])
    const [hit] = await collection.searchWithVectors([1, 0, 0], 1, { page: '1' })
    expect(hit!.document).toEqual({ pageContent: 'alpha', metadata: { page: 1 } })
    expect(hit!.vector).toEqual([3, 0, 0])
  })

  it('says when the key is refused, without the key in the message', async () => {
    const options = await start()
    const wrong = 'supabase-wrong-key-9876543210'
    const error = (await openSupabaseCollection({ ...options, apiKey: wrong }).catch(
      (failure: Error) => failure,
    )) as Error
    expect(error.message).toMatch(
      /^Supabase \(table documents\): Supabase answered 401.*Check the Supabase API credential/,
    )
    expect(error.message).not.toContain(wrong)
  })

  it('is refused under the default guard, which does not let requests reach 127.0.0.1', async () => {
    const options = await start()
    await expect(openSupabaseCollection({ ...options, fetch: testFetch() })).rejects.toBeInstanceOf(
      OutboundRequestRefused,
    )
    expect(standIn.requests).toEqual([])
  })
})
