import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NodeRunContext } from '../define-node.js'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { testRun, type TestRun } from '../runtime/test-run.js'
import { startMilvusStandIn, type MilvusStandIn } from '../testing/milvus-stand-in.js'
import { testFetch } from '../testing/test-fetch.js'
import { expectStoredOnceClosestRetrieved, handbook, type BuildStoreNode } from '../testing/vector-store-node-cases.js'
import type { Retriever } from '../documents/retriever.js'
import milvus from './milvus.node.js'

const signal = new AbortController().signal

const contextOf = (inputs: Record<string, unknown>, run: TestRun, output?: string): NodeRunContext => ({
  nodeId: 'milvus_0',
  label: 'Milvus',
  inputs,
  isEnding: false,
  scope: run.scope,
  credential: { milvusUser: 'root', milvusPassword: 'Milvus' },
  ...(output ? { output } : {}),
})

describe('Milvus node (REST API v2 against a Milvus stand-in on 127.0.0.1)', () => {
  let standIn: MilvusStandIn
  let run: TestRun
  let inputs: Record<string, unknown>

  beforeEach(async () => {
    standIn = await startMilvusStandIn({ token: 'root:Milvus' })
    run = testRun({ fetch: testFetch(standIn.url) })
    inputs = { milvusServerUrl: standIn.url, milvusCollection: 'handbook', embeddings: hashingEmbedder() }
  })
  afterEach(() => standIn.close())
  const build: BuildStoreNode = (extra, output) => milvus.run!(contextOf({ ...inputs, ...extra }, run, output))

  it("keeps Flowise's node, credential and input names", () => {
    const { descriptor } = milvus
    expect(descriptor.name).toBe('milvus')
    expect(descriptor.credential?.credentialNames).toEqual(['milvusAuth'])
    expect(descriptor.outputs?.map((output) => output.name)).toEqual(['retriever', 'vectorStore'])
    const names = descriptor.inputs.map((input) => input.name)
    for (const name of [
      'document',
      'embeddings',
      'milvusServerUrl',
      'milvusCollection',
      'milvusPartition',
      'milvusTextField',
      'milvusFilter',
      'topK',
    ]) {
      expect(names).toContain(name)
    }
  })

  it('stores the connected documents once however often the node is built, and retrieves the closest', async () => {
    const count = async () => (await milvus.openCollection!(contextOf(inputs, run), 256)).count()
    await expectStoredOnceClosestRetrieved(build, count)
    expect(standIn.collections()).toEqual(['handbook'])
  })

  it('searches with the Milvus Filter expression', async () => {
    await build({ document: [handbook] })
    const filtered = (await build({ milvusFilter: '$meta["source"] == "wiki"', topK: 4 })) as Retriever
    expect(await filtered.retrieve('refunds', signal)).toEqual([handbook[3]])
  })

  it('is refused under the default guard, which does not let requests reach 127.0.0.1', async () => {
    await expect(milvus.run!(contextOf({ ...inputs, document: [handbook] }, testRun()))).rejects.toBeInstanceOf(
      OutboundRequestRefused,
    )
    expect(standIn.requests).toEqual([])
  })
})
