import type { SourceDocument } from '@weft/core'
import { describe, expect, it } from 'vitest'
import type { Retriever, VectorStore } from '../documents/retriever.js'
import type { Embedder } from '../providers/embedder.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { runNode, testRun } from '../runtime/test-run.js'
import embeddedVectorStore from './embedded-vector-store.node.js'

const doc = (pageContent: string): SourceDocument => ({ pageContent, metadata: { source: 'handbook' } })

const handbook = [
  doc('Support answers e-mails within one working day.'),
  doc('Refunds are possible within 30 days of purchase.'),
  doc('The office is open Monday to Friday.'),
  doc('Team lunch is on Thursdays.'),
]

/** The hashing embedder, counting the texts it is asked to embed; its label is unique to the test. */
function countingEmbedder(name: string): Embedder & { embedded: string[] } {
  const inner = hashingEmbedder()
  const embedded: string[] = []
  return {
    kind: 'embedder',
    label: `Counting embedder ${name}`,
    embedded,
    embed: async (texts, signal) => {
      embedded.push(...texts)
      return inner.embed(texts, signal)
    },
  }
}

const signal = new AbortController().signal

describe('Embedded Vector Store', () => {
  it('retrieves the Top K documents closest to the question, closest first', async () => {
    const retriever = (await runNode(
      embeddedVectorStore,
      { document: [handbook.slice(0, 2), handbook.slice(2)], embeddings: hashingEmbedder(), topK: '2' },
      testRun(),
    )) as Retriever
    expect(retriever.kind).toBe('retriever')
    const found = await retriever.retrieve('Can I get a refund after 30 days?', signal)
    expect(found).toHaveLength(2)
    expect(found[0]).toEqual(handbook[1])
  })

  it('embeds the same documents once across runs, and again when they change', async () => {
    const embeddings = countingEmbedder('cache')
    await runNode(embeddedVectorStore, { document: [handbook], embeddings }, testRun())
    await runNode(embeddedVectorStore, { document: [handbook], embeddings }, testRun())
    expect(embeddings.embedded).toHaveLength(4)
    await runNode(embeddedVectorStore, { document: [[...handbook, doc('Parking is free.')]], embeddings }, testRun())
    expect(embeddings.embedded).toHaveLength(9)
  })

  it('with Max Marginal Relevance, passes over near-duplicates for varied passages', async () => {
    const documents = [
      doc('Refunds are possible within 30 days of purchase.'),
      doc('Refunds are possible within 30 days of purchase!'),
      doc('Refunds of gift cards are not possible.'),
    ]
    const inputs = { document: [documents], embeddings: hashingEmbedder(), topK: 2, fetchK: 3 }
    const similar = (await runNode(embeddedVectorStore, inputs, testRun())) as Retriever
    const varied = (await runNode(
      embeddedVectorStore,
      { ...inputs, searchType: 'mmr', lambda: 0.3 },
      testRun(),
    )) as Retriever
    const question = 'Are refunds possible within 30 days?'
    expect(await similar.retrieve(question, signal)).toEqual([documents[0], documents[1]])
    expect(await varied.retrieve(question, signal)).toEqual([documents[0], documents[2]])
  })

  it('with the Vector Store output, gives the store with scored search', async () => {
    const store = (await runNode(
      embeddedVectorStore,
      { document: [handbook], embeddings: hashingEmbedder() },
      testRun(),
      { output: 'vectorStore' },
    )) as VectorStore
    expect(store.kind).toBe('vectorStore')
    const [best] = await store.similaritySearch('When is team lunch?', 1, signal)
    expect(best!.document).toEqual(handbook[3])
    expect(best!.score).toBeGreaterThan(0.3)
  })

  it('asks for embeddings and for documents', async () => {
    await expect(runNode(embeddedVectorStore, { document: [handbook] }, testRun())).rejects.toThrow(
      'Connect an embeddings node to Embeddings.',
    )
    await expect(
      runNode(embeddedVectorStore, { document: [], embeddings: hashingEmbedder() }, testRun()),
    ).rejects.toThrow('Connect a document loader to Document')
  })
})
