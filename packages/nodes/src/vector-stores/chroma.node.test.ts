import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NodeRunContext } from '../define-node.js'
import type { Retriever } from '../documents/retriever.js'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { testRun, type TestRun } from '../runtime/test-run.js'
import { startChromaStandIn, type ChromaStandIn } from '../testing/chroma-stand-in.js'
import { testFetch } from '../testing/test-fetch.js'
import {
  expectScoresAndMetadataFilter,
  expectStoredOnceClosestRetrieved,
  handbook,
  type BuildStoreNode,
} from '../testing/vector-store-node-cases.js'
import chroma from './chroma.node.js'

const signal = new AbortController().signal

const contextOf = (
  inputs: Record<string, unknown>,
  run: TestRun,
  output?: string,
  credential?: Record<string, string>,
): NodeRunContext => ({
  nodeId: 'chroma_0',
  label: 'Chroma',
  inputs,
  isEnding: false,
  scope: run.scope,
  ...(credential ? { credential } : {}),
  ...(output ? { output } : {}),
})

describe('Chroma node (chromadb SDK against a Chroma stand-in on 127.0.0.1)', () => {
  let standIn: ChromaStandIn
  let run: TestRun
  let inputs: Record<string, unknown>

  beforeEach(async () => {
    standIn = await startChromaStandIn()
    run = testRun({ fetch: testFetch(standIn.url) })
    inputs = { chromaURL: standIn.url, collectionName: 'handbook', embeddings: hashingEmbedder() }
  })
  afterEach(() => standIn.close())
  const build: BuildStoreNode = (extra, output) => chroma.run!(contextOf({ ...inputs, ...extra }, run, output))

  it("keeps Flowise's node, credential and input names", () => {
    const { descriptor } = chroma
    expect(descriptor.name).toBe('chroma')
    expect(descriptor.credential).toMatchObject({ credentialNames: ['chromaApi'], optional: true })
    expect(descriptor.outputs?.map((output) => output.name)).toEqual(['retriever', 'vectorStore'])
    const names = descriptor.inputs.map((input) => input.name)
    for (const name of ['document', 'embeddings', 'collectionName', 'chromaURL', 'chromaMetadataFilter', 'topK']) {
      expect(names).toContain(name)
    }
  })

  it('stores the connected documents once however often the node is built, and retrieves the closest', async () => {
    const count = async () => (await chroma.openCollection!(contextOf(inputs, run), 256)).count()
    await expectStoredOnceClosestRetrieved(build, count)
  })

  it('searches what earlier runs stored, with scores and the metadata filter', async () => {
    await expectScoresAndMetadataFilter(build, 'chromaMetadataFilter')
  })

  it('takes a Metadata Filter in Chroma’s own form, as Flowise passes it', async () => {
    await build({ document: [handbook] })
    const filter = '{ "$or": [{ "source": { "$eq": "wiki" } }, { "source": { "$eq": "nowhere" } }] }'
    const filtered = (await build({ chromaMetadataFilter: filter, topK: 4 })) as Retriever
    expect(await filtered.retrieve('refunds', signal)).toEqual([handbook[3]])
  })

  it('sends the credential’s key to the server it is given', async () => {
    const keyed = await startChromaStandIn({ apiKey: 'chroma-node-key' })
    try {
      const keyedRun = testRun({ fetch: testFetch(keyed.url) })
      const context = contextOf({ ...inputs, chromaURL: keyed.url, document: [handbook] }, keyedRun, undefined, {
        chromaApiKey: 'chroma-node-key',
      })
      await chroma.run!(context)
      expect(keyed.requests.length).toBeGreaterThan(0)
      expect(keyed.requests.every((request) => request.headers['x-chroma-token'] === 'chroma-node-key')).toBe(true)
    } finally {
      await keyed.close()
    }
  })

  it('is refused under the default guard, which does not let requests reach 127.0.0.1', async () => {
    await expect(chroma.run!(contextOf({ ...inputs, document: [handbook] }, testRun()))).rejects.toBeInstanceOf(
      OutboundRequestRefused,
    )
    expect(standIn.requests).toEqual([])
  })
})
