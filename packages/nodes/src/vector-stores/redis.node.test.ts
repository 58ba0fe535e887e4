import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NodeRunContext } from '../define-node.js'
import type { Retriever, VectorStore } from '../documents/retriever.js'
import { OutboundConnectionRefused } from '../net/outbound-tcp.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { testRun, type TestRun } from '../runtime/test-run.js'
import { testFetch } from '../testing/test-fetch.js'
import {
  expectFiltersAsMatchesMetadataFilter,
  expectUpsertSearchReplaceDeleteClear,
} from '../testing/vector-collection-cases.js'
import { expectStoredOnceClosestRetrieved, handbook, type BuildStoreNode } from '../testing/vector-store-node-cases.js'
import type { SearchableCollection } from './collection-store.js'
import redis from './redis.node.js'

// Against the machine's real Redis (7.0, no RediSearch), so the exact search over the index's hashes
// is what runs; each test uses its own index name, so its own key prefix, deleted after.

const REDIS = 'redis://127.0.0.1:6379'
const signal = new AbortController().signal

const contextOf = (
  inputs: Record<string, unknown>,
  run: TestRun,
  output?: string,
  credential: Record<string, string> = { redisUrl: REDIS },
): NodeRunContext => ({
  nodeId: 'redis_0',
  label: 'Redis',
  inputs,
  isEnding: false,
  scope: run.scope,
  credential,
  ...(output ? { output } : {}),
})

describe('Redis node (the real Redis on 127.0.0.1:6379, without RediSearch)', () => {
  let run: TestRun
  let inputs: Record<string, unknown>

  beforeEach(() => {
    run = testRun({ fetch: testFetch(REDIS) })
    inputs = { indexName: `weft-test-${randomUUID()}`, embeddings: hashingEmbedder() }
  })
  afterEach(async () => {
    const collection = await redis.openCollection!(contextOf(inputs, run), 3)
    await collection.clear()
    expect(await collection.count()).toBe(0)
    await collection.close()
  })
  const build: BuildStoreNode = (extra, output) => redis.run!(contextOf({ ...inputs, ...extra }, run, output))
  const open = async (dimensions = 3) =>
    (await redis.openCollection!(contextOf(inputs, run), dimensions)) as SearchableCollection

  it("keeps Flowise's node, credential and input names", () => {
    const { descriptor } = redis
    expect(descriptor.name).toBe('redis')
    expect(descriptor.credential?.credentialNames).toEqual(['redisCacheUrlApi', 'redisCacheApi'])
    expect(descriptor.outputs?.map((output) => output.name)).toEqual(['retriever', 'vectorStore'])
    const names = descriptor.inputs.map((input) => input.name)
    for (const name of [
      'document',
      'embeddings',
      'indexName',
      'replaceIndex',
      'contentKey',
      'metadataKey',
      'vectorKey',
      'topK',
    ]) {
      expect(names).toContain(name)
    }
  })

  it('searches closest first by exact cosine, replaces, deletes and clears', async () => {
    const collection = await open()
    try {
      expect(await collection.search([1, 0, 0], 3)).toEqual([])
      await expectUpsertSearchReplaceDeleteClear(collection)
    } finally {
      await collection.close()
    }
  })

  it('filters metadata exactly as matchesMetadataFilter does', async () => {
    const collection = await open()
    try {
      await expectFiltersAsMatchesMetadataFilter(collection)
      const [hit] = await collection.searchWithVectors([1, 1, 1], 1, { source: 'c.pdf', 'loc.line': 7 })
      expect(hit!.vector).toHaveLength(3)
    } finally {
      await collection.close()
    }
  })

  it('stores the connected documents once however often the node is built, and retrieves the closest', async () => {
    const count = async () => {
      const collection = await open(256)
      try {
        return await collection.count()
      } finally {
        await collection.close()
      }
    }
    await expectStoredOnceClosestRetrieved(build, count)
  })

  it('answers scores from the Vector Store output, and Replace Index empties the index first', async () => {
    await build({ document: [handbook] })
    const store = (await build({}, 'vectorStore')) as VectorStore
    const scored = await store.similaritySearch('team lunch on Thursdays', 4, signal)
    expect(scored[0]?.document).toEqual(handbook[3])
    expect(scored[0]!.score).toBeGreaterThan(scored[1]!.score)
    const replaced = (await build({ document: [[handbook[0]]], replaceIndex: true, topK: 4 })) as Retriever
    expect(await replaced.retrieve('refunds', signal)).toEqual([handbook[0]])
  })

  it('connects with a host credential too, and keeps a wrong password out of the error', async () => {
    const host = { redisCacheHost: '127.0.0.1', redisCachePort: '6379', redisCacheUser: '', redisCachePwd: '' }
    const collection = await redis.openCollection!(contextOf(inputs, run, undefined, host), 3)
    await collection.close()
    const password = 'wrong-secret-password-42'
    const error = (await redis.openCollection!(
      contextOf(inputs, run, undefined, { redisUrl: `redis://someone:${password}@127.0.0.1:6379` }),
      3,
    ).catch((failure: Error) => failure)) as Error
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toMatch(/^Redis: /)
    expect(error.message).not.toContain(password)
  })

  it('is refused under the default guard, naming the entry to allow', async () => {
    await expect(redis.run!(contextOf({ ...inputs, document: [handbook] }, testRun()))).rejects.toBeInstanceOf(
      OutboundConnectionRefused,
    )
    await expect(redis.openCollection!(contextOf(inputs, testRun()), 3)).rejects.toThrow(
      /could not reach 127\.0\.0\.1:6379.*WEFT_ALLOWED_PRIVATE_HOSTS/,
    )
  })
})
