import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NodeRunContext } from '../define-node.js'
import type { Retriever } from '../documents/retriever.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { testRun, type TestRun } from '../runtime/test-run.js'
import { startPineconeStandIn, type PineconeStandIn } from '../testing/pinecone-stand-in.js'
import { testFetch } from '../testing/test-fetch.js'
import { expectStoredOnceClosestRetrieved, handbook, type BuildStoreNode } from '../testing/vector-store-node-cases.js'
import pineconeLlamaIndex from './pinecone-llamaindex.node.js'

const API_KEY = 'pc-llama-key-0123456789'

describe('Pinecone (LlamaIndex) node, through the Pinecone SDK against a stand-in on 127.0.0.1', () => {
  let standIn: PineconeStandIn
  let run: TestRun
  beforeEach(async () => {
    standIn = await startPineconeStandIn(API_KEY)
    standIn.createIndex('handbook', 256)
    run = testRun({ fetch: testFetch(standIn.url) })
  })
  afterEach(() => standIn.close())

  const contextOf = (extra: Record<string, unknown>, output?: string): NodeRunContext => ({
    nodeId: 'pineconeLlamaIndex_0',
    label: 'Pinecone (LlamaIndex)',
    inputs: { pineconeIndex: 'handbook', pineconeControllerUrl: standIn.url, embeddings: hashingEmbedder(), ...extra },
    isEnding: false,
    scope: run.scope,
    credential: { pineconeApiKey: API_KEY },
    ...(output ? { output } : {}),
  })
  const build: BuildStoreNode = (extra, output) => pineconeLlamaIndex.run!(contextOf(extra, output))

  it("keeps Flowise's node, anchors and outputs, for the LlamaIndex engines", () => {
    const { descriptor } = pineconeLlamaIndex
    expect(descriptor.name).toBe('pineconeLlamaIndex')
    const anchors = Object.fromEntries(descriptor.inputs.map((input) => [input.name, input.type]))
    expect(anchors).toMatchObject({ embeddings: 'BaseEmbedding_LlamaIndex', model: 'BaseChatModel_LlamaIndex' })
    expect(descriptor.outputs?.[0]?.baseClasses).toContain('VectorIndexRetriever')
  })

  it('stores the connected documents once and retrieves the closest', async () => {
    const count = async () => (await pineconeLlamaIndex.openCollection!(contextOf({}), 256)).count()
    await expectStoredOnceClosestRetrieved(build, count)
    const retriever = (await build({ topK: 1 })) as Retriever
    expect(await retriever.retrieve('refunds', new AbortController().signal)).toHaveLength(1)
    expect(handbook.length).toBeGreaterThan(1)
  })
})
