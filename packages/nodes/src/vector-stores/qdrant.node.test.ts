import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NodeRunContext } from '../define-node.js'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { testRun, type TestRun } from '../runtime/test-run.js'
import { startQdrantStandIn, type QdrantStandIn } from '../testing/qdrant-stand-in.js'
import { testFetch } from '../testing/test-fetch.js'
import {
  expectMmrPassesOverNearDuplicates,
  expectScoresAndMetadataFilter,
  expectStoredOnceClosestRetrieved,
  handbook,
  type BuildStoreNode,
} from '../testing/vector-store-node-cases.js'
import qdrant from './qdrant.node.js'

const contextOf = (inputs: Record<string, unknown>, run: TestRun, output?: string): NodeRunContext => ({
  nodeId: 'qdrant_0',
  label: 'Qdrant',
  inputs,
  isEnding: false,
  scope: run.scope,
  credential: { qdrantApiKey: 'qdrant-key' },
  ...(output ? { output } : {}),
})

describe('Qdrant node (against a Qdrant stand-in on 127.0.0.1)', () => {
  let standIn: QdrantStandIn
  let run: TestRun
  let inputs: Record<string, unknown>

  beforeEach(async () => {
    standIn = await startQdrantStandIn({ apiKey: 'qdrant-key' })
    run = testRun({ fetch: testFetch(standIn.url) })
    inputs = { qdrantServerUrl: standIn.url, qdrantCollection: 'handbook', embeddings: hashingEmbedder() }
  })
  afterEach(() => standIn.close())
  /** The node built on the test's collection, with more inputs added. */
  const build: BuildStoreNode = (extra, output) => qdrant.run!(contextOf({ ...inputs, ...extra }, run, output))

  it("keeps Flowise's node and input names", () => {
    const { descriptor } = qdrant
    expect(descriptor.name).toBe('qdrant')
    expect(descriptor.credential?.credentialNames).toEqual(['qdrantApi'])
    const names = descriptor.inputs.map((input) => input.name)
    for (const name of [
      'document',
      'embeddings',
      'qdrantServerUrl',
      'qdrantCollection',
      'qdrantVectorDimension',
      'contentPayloadKey',
      'metadataPayloadKey',
      'batchSize',
      'qdrantSimilarity',
      'qdrantFilter',
      'topK',
      'searchType',
      'fetchK',
      'lambda',
    ]) {
      expect(names).toContain(name)
    }
  })

  it('stores the connected documents once however often the node is built, and retrieves the closest', async () => {
    const count = async () => (await qdrant.openCollection!(contextOf(inputs, run), 256)).count()
    await expectStoredOnceClosestRetrieved(build, count)
    expect(standIn.requests.every((request) => request.apiKey === 'qdrant-key')).toBe(true)
  })

  it('searches what earlier runs stored, with scores and the metadata filter', async () => {
    await expectScoresAndMetadataFilter(build, 'qdrantFilter')
  })

  it('with Max Marginal Relevance, passes over near-duplicates', async () => {
    await expectMmrPassesOverNearDuplicates(build)
  })

  it('refuses a Vector Dimension that differs from the embeddings, naming both', async () => {
    await expect(
      qdrant.run!(contextOf({ ...inputs, document: [handbook], qdrantVectorDimension: '1536' }, run)),
    ).rejects.toThrow(/Vector Dimension says 1536, but the embeddings give vectors of 256 numbers/)
  })

  it('is refused under the default guard, which does not let requests reach 127.0.0.1', async () => {
    await expect(qdrant.run!(contextOf({ ...inputs, document: [handbook] }, testRun()))).rejects.toBeInstanceOf(
      OutboundRequestRefused,
    )
    expect(standIn.requests).toEqual([])
  })
})
