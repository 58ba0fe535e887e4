import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NodeRunContext } from '../define-node.js'
import type { Retriever } from '../documents/retriever.js'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { testRun, type TestRun } from '../runtime/test-run.js'
import { testFetch } from '../testing/test-fetch.js'
import {
  expectMmrPassesOverNearDuplicates,
  expectScoresAndMetadataFilter,
  expectStoredOnceClosestRetrieved,
  handbook,
  type BuildStoreNode,
} from '../testing/vector-store-node-cases.js'
import { startWeaviateStandIn, type WeaviateStandIn } from '../testing/weaviate-stand-in.js'
import weaviate from './weaviate.node.js'

const API_KEY = 'weaviate-node-key-0123456789'
const signal = new AbortController().signal

const contextOf = (inputs: Record<string, unknown>, run: TestRun, output?: string): NodeRunContext => ({
  nodeId: 'weaviate_0',
  label: 'Weaviate',
  inputs,
  isEnding: false,
  scope: run.scope,
  credential: { weaviateApiKey: API_KEY },
  ...(output ? { output } : {}),
})

describe('Weaviate node (weaviate-ts-client builders against a Weaviate stand-in on 127.0.0.1)', () => {
  let standIn: WeaviateStandIn
  let run: TestRun
  let inputs: Record<string, unknown>

  beforeEach(async () => {
    standIn = await startWeaviateStandIn({ apiKey: API_KEY })
    run = testRun({ fetch: testFetch(standIn.url) })
    inputs = {
      weaviateScheme: 'http',
      weaviateHost: new URL(standIn.url).host,
      weaviateIndex: 'handbook',
      embeddings: hashingEmbedder(),
    }
  })
  afterEach(() => standIn.close())
  const build: BuildStoreNode = (extra, output) => weaviate.run!(contextOf({ ...inputs, ...extra }, run, output))

  it("keeps Flowise's node, credential and input names", () => {
    const { descriptor } = weaviate
    expect(descriptor.name).toBe('weaviate')
    expect(descriptor.credential?.credentialNames).toEqual(['weaviateApi'])
    expect(descriptor.outputs?.map((output) => output.name)).toEqual(['retriever', 'vectorStore'])
    const names = descriptor.inputs.map((input) => input.name)
    for (const name of [
      'weaviateScheme',
      'weaviateConnectionType',
      'weaviateHost',
      'weaviateIndex',
      'weaviateTextKey',
      'weaviateMetadataKeys',
      'weaviateFilter',
      'topK',
      'searchType',
      'fetchK',
      'lambda',
      'alpha',
    ]) {
      expect(names).toContain(name)
    }
  })

  it('stores the connected documents once however often the node is built, and retrieves the closest', async () => {
    const count = async () => (await weaviate.openCollection!(contextOf(inputs, run), 256)).count()
    await expectStoredOnceClosestRetrieved(build, count)
    expect(standIn.classNames()).toEqual(['Handbook'])
  })

  it('searches what earlier runs stored, with scores and the metadata filter', async () => {
    await expectScoresAndMetadataFilter(build, 'weaviateFilter')
  })

  it('takes a Search Filter in Weaviate’s own form, and the local connection type as http', async () => {
    const local = { ...inputs, weaviateScheme: undefined, weaviateConnectionType: 'local' }
    await weaviate.run!(contextOf({ ...local, document: [handbook] }, run))
    const filter = '{ "path": ["source"], "operator": "Equal", "valueText": "wiki" }'
    const filtered = (await weaviate.run!(contextOf({ ...local, weaviateFilter: filter, topK: 4 }, run))) as Retriever
    expect(await filtered.retrieve('refunds', signal)).toEqual([handbook[3]])
  })

  it('with Max Marginal Relevance, passes over near-duplicates', async () => {
    await expectMmrPassesOverNearDuplicates(build)
  })

  it('is refused under the default guard, which does not let requests reach 127.0.0.1', async () => {
    await expect(weaviate.run!(contextOf({ ...inputs, document: [handbook] }, testRun()))).rejects.toBeInstanceOf(
      OutboundRequestRefused,
    )
    expect(standIn.requests).toEqual([])
  })
})
