import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NodeRunContext } from '../define-node.js'
import type { Retriever } from '../documents/retriever.js'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { testRun, type TestRun } from '../runtime/test-run.js'
import { startPineconeStandIn, type PineconeStandIn } from '../testing/pinecone-stand-in.js'
import { testFetch } from '../testing/test-fetch.js'
import {
  expectMmrPassesOverNearDuplicates,
  expectScoresAndMetadataFilter,
  expectStoredOnceClosestRetrieved,
  handbook,
  type BuildStoreNode,
} from '../testing/vector-store-node-cases.js'
import pinecone from './pinecone.node.js'

const API_KEY = 'pc-node-key-0123456789'
const signal = new AbortController().signal

const contextOf = (inputs: Record<string, unknown>, run: TestRun, output?: string): NodeRunContext => ({
  nodeId: 'pinecone_0',
  label: 'Pinecone',
  inputs,
  isEnding: false,
  scope: run.scope,
  credential: { pineconeApiKey: API_KEY },
  ...(output ? { output } : {}),
})

describe('Pinecone node (Pinecone SDK against a Pinecone stand-in on 127.0.0.1)', () => {
  let standIn: PineconeStandIn
  let run: TestRun
  let inputs: Record<string, unknown>

  beforeEach(async () => {
    standIn = await startPineconeStandIn(API_KEY)
    standIn.createIndex('handbook', 256)
    run = testRun({ fetch: testFetch(standIn.url) })
    inputs = { pineconeIndex: 'handbook', pineconeControllerUrl: standIn.url, embeddings: hashingEmbedder() }
  })
  afterEach(() => standIn.close())
  const build: BuildStoreNode = (extra, output) => pinecone.run!(contextOf({ ...inputs, ...extra }, run, output))

  it("keeps Flowise's node, credential and input names", () => {
    const { descriptor } = pinecone
    expect(descriptor.name).toBe('pinecone')
    expect(descriptor.credential?.credentialNames).toEqual(['pineconeApi'])
    expect(descriptor.outputs?.map((output) => output.name)).toEqual(['retriever', 'vectorStore'])
    const names = descriptor.inputs.map((input) => input.name)
    for (const name of ['document', 'embeddings', 'pineconeIndex', 'pineconeNamespace', 'pineconeMetadataFilter']) {
      expect(names).toContain(name)
    }
    for (const name of ['topK', 'searchType', 'fetchK', 'lambda']) expect(names).toContain(name)
  })

  it('stores the connected documents once however often the node is built, and retrieves the closest', async () => {
    const count = async () => (await pinecone.openCollection!(contextOf(inputs, run), 256)).count()
    await expectStoredOnceClosestRetrieved(build, count)
  })

  it('searches what earlier runs stored, with scores and the metadata filter', async () => {
    await expectScoresAndMetadataFilter(build, 'pineconeMetadataFilter')
  })

  it('takes a Metadata Filter in Pinecone’s own form, as Flowise passes it', async () => {
    await build({ document: [handbook] })
    const filter = '{ "source": { "$in": ["wiki"] } }'
    const filtered = (await build({ pineconeMetadataFilter: filter, topK: 4 })) as Retriever
    expect(await filtered.retrieve('refunds', signal)).toEqual([handbook[3]])
  })

  it('with Max Marginal Relevance, passes over near-duplicates', async () => {
    await expectMmrPassesOverNearDuplicates(build)
  })

  it('asks for the index and the credential by name', async () => {
    await expect(build({ pineconeIndex: '', document: [handbook] })).rejects.toThrow(
      'Pinecone: fill in Pinecone Index.',
    )
    const noKey = { ...contextOf({ ...inputs, document: [handbook] }, run), credential: {} }
    await expect(pinecone.run!(noKey)).rejects.toThrow(/connect a Pinecone API credential/)
  })

  it('is refused under the default guard, which does not let requests reach 127.0.0.1', async () => {
    await expect(pinecone.run!(contextOf({ ...inputs, document: [handbook] }, testRun()))).rejects.toBeInstanceOf(
      OutboundRequestRefused,
    )
    expect(standIn.requests).toEqual([])
  })
})
