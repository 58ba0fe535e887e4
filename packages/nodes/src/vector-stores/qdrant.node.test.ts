import type { SourceDocument } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NodeRunContext } from '../define-node.js'
import type { Retriever, VectorStore } from '../documents/retriever.js'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { testRun, type TestRun } from '../runtime/test-run.js'
import { startQdrantStandIn, type QdrantStandIn } from '../testing/qdrant-stand-in.js'
import { testFetch } from '../testing/test-fetch.js'
import qdrant from './qdrant.node.js'

const signal = new AbortController().signal
const doc = (pageContent: string, source = 'handbook'): SourceDocument => ({ pageContent, metadata: { source } })

const handbook = [
  doc('Support answers e-mails within one working day.'),
  doc('Refunds are possible within 30 days of purchase.'),
  doc('The office is open Monday to Friday.'),
  doc('Team lunch is on Thursdays.', 'wiki'),
]

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
    const retriever = (await qdrant.run!(contextOf({ ...inputs, document: [handbook], topK: 2 }, run))) as Retriever
    await qdrant.run!(contextOf({ ...inputs, document: [handbook] }, run))
    const collection = await qdrant.openCollection!(contextOf(inputs, run), 256)
    expect(await collection.count()).toBe(4)
    expect(await retriever.retrieve('Can I get a refund after 30 days?', signal)).toEqual([
      handbook[1],
      expect.anything(),
    ])
    expect(standIn.requests.every((request) => request.apiKey === 'qdrant-key')).toBe(true)
  })

  it('searches what earlier runs stored, with scores and the metadata filter', async () => {
    await qdrant.run!(contextOf({ ...inputs, document: [handbook] }, run))
    const store = (await qdrant.run!(contextOf(inputs, run, 'vectorStore'))) as VectorStore
    const scored = await store.similaritySearch('team lunch on Thursdays', 4, signal)
    expect(scored[0]!.document).toEqual(handbook[3])
    expect(scored[0]!.score).toBeGreaterThan(scored[1]!.score)
    const filtered = (await qdrant.run!(
      contextOf({ ...inputs, qdrantFilter: '{ "source": "wiki" }' }, run),
    )) as Retriever
    expect(await filtered.retrieve('refunds', signal)).toEqual([handbook[3]])
  })

  it('with Max Marginal Relevance, passes over near-duplicates', async () => {
    const documents = [
      doc('Refunds are possible within 30 days of purchase.'),
      doc('Refunds are possible within 30 days of purchase!'),
      doc('Refunds of gift cards are not possible.'),
    ]
    const mmr = { ...inputs, document: [documents], topK: 2, fetchK: 3, searchType: 'mmr', lambda: 0.3 }
    const varied = (await qdrant.run!(contextOf(mmr, run))) as Retriever
    const picked = (await varied.retrieve('Are refunds possible within 30 days?', signal)).map((d) => d.pageContent)
    expect(picked).toHaveLength(2)
    expect(picked[1]).toBe(documents[2]!.pageContent)
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
