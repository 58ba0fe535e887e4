import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import retrievalQAChain from '../chains/retrieval-qa-chain.node.js'
import type { Retriever } from '../documents/retriever.js'
import { offlineChatModel } from '../providers/offline-model.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { answerOf, runNode, testRun, type TestRun } from '../runtime/test-run.js'
import {
  doc,
  expectMmrPassesOverNearDuplicates,
  expectScoresAndMetadataFilter,
  expectStoredOnceClosestRetrieved,
  handbook,
  type BuildStoreNode,
} from '../testing/vector-store-node-cases.js'
import memoryVectorStore from './memory-vector-store.node.js'

const signal = new AbortController().signal

describe('In-Memory Vector Store', () => {
  let run: TestRun
  let upserts: number[]
  // Each test is a flow of its own, so stores kept by earlier tests stay apart.
  beforeEach(() => {
    upserts = []
    run = testRun({ flowId: randomUUID(), onUpsert: (upserted) => upserts.push(upserted.numAdded) })
  })
  const build: BuildStoreNode = (extra, output) =>
    runNode(memoryVectorStore, { embeddings: hashingEmbedder(), ...extra }, run, output ? { output } : {})
  /** How many records the store of this flow's node holds, read through its Vector Store output. */
  const count = async () => {
    const store = (await build({}, 'vectorStore')) as {
      similaritySearch: (q: string, k: number, s: AbortSignal) => Promise<unknown[]>
    }
    return (await store.similaritySearch('anything', 100, signal)).length
  }

  it('stores the documents once however often the flow is built, and finds the closest', async () => {
    await expectStoredOnceClosestRetrieved(build, count)
    expect(upserts).toEqual([4, 0, 0])
  })

  it('searches with scores, and by metadata', async () => {
    await expectScoresAndMetadataFilter(build, 'metadataFilter')
  })

  it('with Max Marginal Relevance, passes over near-duplicates', async () => {
    await expectMmrPassesOverNearDuplicates(build)
  })

  it('holds exactly the connected documents once they change', async () => {
    await build({ document: [handbook] })
    const parking = doc('Parking is free for visitors.')
    const retriever = (await build({ document: [[handbook[1]!, parking]], topK: 4 })) as Retriever
    expect(await count()).toBe(2)
    expect(await retriever.retrieve('When is team lunch?', signal)).not.toContainEqual(handbook[3])
    expect((await retriever.retrieve('Is parking free?', signal))[0]).toEqual(parking)
  })

  it('keeps the stores of other flows and nodes apart', async () => {
    await build({ document: [handbook] })
    const other = testRun({ flowId: randomUUID() })
    const store = (await runNode(memoryVectorStore, { embeddings: hashingEmbedder() }, other, {
      output: 'vectorStore',
    })) as { similaritySearch: (q: string, k: number, s: AbortSignal) => Promise<unknown[]> }
    expect(await store.similaritySearch('refunds', 4, signal)).toEqual([])
  })

  it('rebuilds with the documents when the embedding changes', async () => {
    await build({ document: [handbook] })
    const retriever = (await build({ document: [handbook], embeddings: hashingEmbedder(64), topK: 1 })) as Retriever
    expect(await retriever.retrieve('Can I get a refund?', signal)).toEqual([handbook[1]])
  })

  it('answers a Retrieval QA Chain from the documents it found', async () => {
    const qaRun = testRun({ flowId: randomUUID(), question: 'When is team lunch?' })
    const retriever = await runNode(
      memoryVectorStore,
      { document: [handbook], embeddings: hashingEmbedder(), topK: 1 },
      qaRun,
    )
    const chain = await runNode(retrievalQAChain, { model: offlineChatModel, vectorStoreRetriever: retriever }, qaRun, {
      isEnding: true,
    })
    const answer = await answerOf(chain, qaRun)
    expect(answer.sourceDocuments).toEqual([handbook[3]])
    expect(answer.text).toBe('Team lunch is on Thursdays.')
  })

  it('asks for embeddings, and names a wrong metadata filter', async () => {
    await expect(runNode(memoryVectorStore, { document: [handbook] }, run)).rejects.toThrow(
      'Connect an embeddings node to Embeddings.',
    )
    await expect(build({ metadataFilter: '[1]' })).rejects.toThrow('The metadata filter must be a JSON object')
  })
})
